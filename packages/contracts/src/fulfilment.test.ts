import { describe, expect, it } from 'vitest';
import { leftToShip, shipmentBodySchema } from './fulfilment';
import { trackingUrl } from './fulfilment-rules';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('leftToShip', () => {
  it("takes each parcel's units off the line of the same product and size, never below 0", () => {
    const lines = [
      { id: A, size: '9', count: 2 },
      { id: A, size: '10', count: 1 },
      { id: B, size: '9', count: 3 },
    ];
    const left = leftToShip(lines, [
      { lines: [{ productId: A, size: '9', count: 1 }] },
      {
        lines: [
          { productId: A, size: '9', count: 1 },
          { productId: B, size: '9', count: 1 },
        ],
      },
    ]);
    expect(left.map((line) => line.left)).toEqual([0, 1, 2]);
    expect(leftToShip(lines, []).map((line) => line.left)).toEqual([2, 1, 3]);
  });

  it('spreads units over two lines of the same product and size, in their order', () => {
    const left = leftToShip(
      [
        { id: A, size: '9', count: 1 },
        { id: A, size: '9', count: 2 },
      ],
      [{ lines: [{ productId: A, size: '9', count: 2 }] }],
    );
    expect(left.map((line) => line.left)).toEqual([0, 1]);
  });
});

describe('a shipment', () => {
  it('names the field and the reason of each thing wrong with it', () => {
    const result = shipmentBodySchema.safeParse({
      lines: [{ productId: 'x', size: '9.25', count: 0 }],
      carrier: 'royal-mail',
      trackingNumber: 'ab',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(fields).toEqual({
      'lines.0.productId': 'must be a product id',
      'lines.0.size': 'must be a shoe size such as 9 or 9.5',
      'lines.0.count': 'must be at least 1',
      carrier: 'must be one of ups, usps, fedex, dhl, other',
      trackingNumber: 'must be 4 to 40 letters, digits, spaces or dashes',
    });
  });

  it("links a known carrier's tracking page, the number encoded, and none for another carrier", () => {
    expect(trackingUrl('fedex', '1234 5678')).toBe('https://www.fedex.com/fedextrack/?trknbr=1234%205678');
    expect(trackingUrl('other', 'LOCAL-1')).toBeNull();
  });
});
