import { describe, expect, it } from 'vitest';
import { bodyOf, EMPTY_DROP_FORM, formFieldOf, formValuesOf } from './drop-form-values';
import { dropFixture, queueDropFixture } from './drops-test-utils';
import { readView, viewSearch } from './drops-view';

describe('drops view', () => {
  it('keeps the view in the address', () => {
    for (const view of [
      { kind: 'list' },
      { kind: 'new' },
      { kind: 'edit', id: 'abc' },
      { kind: 'detail', id: 'abc' },
    ] as const) {
      expect(readView(new URLSearchParams(viewSearch(view)))).toEqual(view);
    }
  });
});

describe('drop form values', () => {
  it("starts a first-come drop's pre-queue from its two instants", () => {
    expect(formValuesOf(queueDropFixture()).preQueueMinutes).toBe('15');
    expect(formValuesOf(dropFixture()).admissionPerMinute).toBe('');
  });

  it('sends numbers as numbers and a typo as typed, for the server to name', () => {
    const values = {
      ...formValuesOf(dropFixture()),
      purchaseWindowMinutes: ' 45 ',
      perPersonLimit: 'two',
    };
    const prepared = bodyOf(values);
    expect('body' in prepared && prepared.body).toMatchObject({
      purchaseWindowMinutes: 45,
      perPersonLimit: 'two',
    });
    expect(bodyOf(EMPTY_DROP_FORM)).toEqual({
      errors: { product: expect.any(String), releaseAt: 'is required' },
    });
    expect(formFieldOf('productId')).toBe('product');
    expect(formFieldOf('entries')).toBeUndefined();
  });
});
