import { afterEach, describe, expect, it } from 'vitest';
import { admissionFor, readAdmission, saveAdmission } from './drop-admission';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

afterEach(() => localStorage.clear());

describe('drop admissions', () => {
  it('keeps a token per product until it expires', () => {
    saveAdmission('p1', 'token-1', inMinutes(10));
    saveAdmission('p2', 'token-2', inMinutes(-1));
    expect(readAdmission('p1')).toBe('token-1');
    expect(readAdmission('p2')).toBeUndefined();
    expect(admissionFor([{ id: 'p3' }, { id: 'p2' }, { id: 'p1' }])).toBe('token-1');
    expect(admissionFor([{ id: 'p3' }])).toBeUndefined();
  });

  it('ignores what is not a stored admission', () => {
    localStorage.setItem('drop-admissions', '{"p1": {"token": 3}, "p2": "x"');
    expect(readAdmission('p1')).toBeUndefined();
    saveAdmission('p1', 'token-1', inMinutes(5));
    expect(readAdmission('p1')).toBe('token-1');
  });
});
