import { CART_STORAGE_KEY, type CartItem, cartItemSchema } from '@shop/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type NewCartItem,
  rehydrateCart,
  repairCart,
  selectCartCount,
  selectCartTotal,
  useCartStore,
} from './cart-store';

const shoe = (id: string, size: string, price = 100, count = 1): NewCartItem => ({
  id,
  name: `Shoe ${id}`,
  description: 'A shoe',
  img: `/uploads/${id}.webp`,
  size,
  price,
  count,
});

const cart = () => useCartStore.getState();
const stored = (): unknown => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  rehydrateCart();
});

describe('cart store', () => {
  it('adds a line with idAux and totalPrice and stores the plain list under carrito', () => {
    expect(cart().add(shoe('a', '9', 129.99, 2))).toBe('added');
    const expected: CartItem = {
      id: 'a',
      name: 'Shoe a',
      description: 'A shoe',
      img: '/uploads/a.webp',
      size: '9',
      idAux: 'a9',
      price: 129.99,
      count: 2,
      totalPrice: 259.98,
    };
    expect(cart().items).toEqual([expected]);
    const value = stored();
    expect(Array.isArray(value)).toBe(true);
    expect(value).toEqual([expected]);
    expect(cartItemSchema.array().safeParse(value).success).toBe(true);
  });

  it('detects a duplicate id + size anywhere in the cart, not only the first entry, and changes nothing', () => {
    cart().add(shoe('a', '9'));
    cart().add(shoe('b', '10'));
    cart().add(shoe('c', '7.5'));
    const before = localStorage.getItem(CART_STORAGE_KEY);
    expect(cart().add(shoe('c', '7.5', 100, 3))).toBe('duplicate');
    expect(cart().add(shoe('b', '10'))).toBe('duplicate');
    expect(cart().items).toHaveLength(3);
    expect(cart().items.find((item) => item.idAux === 'c7.5')?.count).toBe(1);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(before);
    // Same product, another size: another line.
    expect(cart().add(shoe('c', '8'))).toBe('added');
    expect(cart().items).toHaveLength(4);
  });

  it('increments up to the size stock and no further', () => {
    cart().add(shoe('a', '9', 10));
    cart().increment('a9', 3);
    cart().increment('a9', 3);
    cart().increment('a9', 3);
    cart().increment('a9', 3);
    expect(cart().items[0]?.count).toBe(3);
    expect(cart().items[0]?.totalPrice).toBe(30);
  });

  it('decrements down to 1 and no further', () => {
    cart().add(shoe('a', '9', 10, 2));
    cart().decrement('a9');
    cart().decrement('a9');
    cart().decrement('a9');
    expect(cart().items[0]?.count).toBe(1);
    expect(cart().items[0]?.totalPrice).toBe(10);
  });

  it('removes a line and clears the cart', () => {
    cart().add(shoe('a', '9'));
    cart().add(shoe('b', '9'));
    cart().remove('a9');
    expect(cart().items.map((item) => item.idAux)).toEqual(['b9']);
    expect(stored()).toHaveLength(1);
    cart().clear();
    expect(cart().items).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('totals lines to the cent', () => {
    cart().add(shoe('a', '9', 0.1, 3));
    cart().add(shoe('b', '9', 0.2, 1));
    cart().add(shoe('c', '9', 19.99, 3));
    expect(cart().items[0]?.totalPrice).toBe(0.3);
    expect(selectCartTotal(cart())).toBe(60.47);
    expect(selectCartCount(cart())).toBe(7);
  });

  it('refreshes a price and recomputes the line total', () => {
    cart().add(shoe('a', '9', 50, 2));
    cart().setPrice('a9', 45.5);
    expect(cart().items[0]).toMatchObject({ price: 45.5, totalPrice: 91 });
  });

  it('reads the stored list and repairs corrupt data', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    rehydrateCart();
    expect(cart().items).toEqual([]);
    expect(stored()).toEqual([]);

    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...shoe('a', '9', 10, 2), idAux: 'wrong', totalPrice: 999 },
        { ...shoe('a', '9', 10, 5) },
        { id: 'b' },
        'junk',
        { ...shoe('c', '8', 12), size: 8, count: 0 },
      ]),
    );
    rehydrateCart();
    expect(cart().items).toEqual([
      expect.objectContaining({ id: 'a', idAux: 'a9', count: 2, totalPrice: 20 }),
      expect.objectContaining({ id: 'c', size: '8', idAux: 'c8', count: 1, totalPrice: 12 }),
    ]);
    expect(stored()).toEqual(cart().items);
  });

  it('follows another tab through the storage event', () => {
    cart().add(shoe('a', '9'));
    const other = [{ ...shoe('z', '11', 20), idAux: 'z11', totalPrice: 20 }];
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(cart().items.map((item) => item.idAux)).toEqual(['z11']);
  });

  it('repairCart ignores anything that is not a list', () => {
    expect(repairCart({ items: [] })).toEqual([]);
    expect(repairCart(null)).toEqual([]);
  });
});
