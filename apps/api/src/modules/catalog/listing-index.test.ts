import { describe, expect, it } from 'vitest';
import type { ListingRow, SizeFit } from './catalog.repository';
import { parseLexemes } from './lexemes';
import type { ListingPage } from './listing-engine';
import { ListingIndex } from './listing-index';

let serial = 0;

/** A product row; its lexemes are its name's words weighted A and `body` words weighted B. */
function row(name: string, fields: Partial<ListingRow> & { body?: string } = {}): ListingRow {
  serial += 1;
  const { body = '', ...rest } = fields;
  const words = [
    ...name
      .toLowerCase()
      .split(/\s+/)
      .map((word) => ({ word, weight: 'A' })),
    ...body
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, weight: 'B' })),
  ];
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name,
    brand: 'nike',
    priceCents: 10_000,
    compareAtPriceCents: null,
    priceHistory: [],
    rating: 0,
    genders: ['men'],
    categories: ['running'],
    releaseDate: '2024-01-01',
    cardPicture: '/uploads/products/x/card.webp',
    archived: false,
    sizeShift: 0,
    sizesInStock: [],
    lexemes: words.map(({ word, weight }, i) => `'${word}':${i + 1}${weight === 'A' ? 'A' : 'B'}`).join(' '),
    ...rest,
  };
}

const names = (index: ListingIndex, page: Partial<ListingPage>) =>
  index.page({ filter: {}, limit: 100, offset: 0, ...page }).cards.map((card) => card.name);

const search = (...words: string[]) => ({ groups: words.map((word) => [[word]]), phrase: words.join(' ') });

describe('parseLexemes', () => {
  it('reads lexemes, quotes and weights from a tsvector', () => {
    expect(parseLexemes("'air':1A 'it''s':4 'waffl':9B,12")).toEqual([
      { lexeme: 'air', weightA: true },
      { lexeme: "it's", weightA: false },
      { lexeme: 'waffl', weightA: false },
    ]);
    expect(parseLexemes('')).toEqual([]);
  });
});

describe('ListingIndex', () => {
  it('filters by brand, rating, gender, category and a price range, counting exactly', () => {
    const index = new ListingIndex([
      row('Alpha', { brand: 'vans', rating: 4, priceCents: 5_000 }),
      row('Bravo', { brand: 'vans', rating: 4, priceCents: 9_000, genders: ['women'] }),
      row('Charlie', { brand: 'vans', rating: 2, priceCents: 7_000, categories: ['skateboarding'] }),
      row('Delta', { brand: 'adidas', rating: 4, priceCents: 6_000 }),
    ]);
    const result = index.page({
      filter: { brand: 'vans', rating: 4 },
      limit: 1,
      offset: 0,
      orderBy: { name: 1 },
    });
    expect(result).toMatchObject({ total: 2, cards: [{ name: 'Alpha', brand: 'vans', price: 50 }] });
    expect(names(index, { filter: { gender: 'women' } })).toEqual(['Bravo']);
    expect(names(index, { filter: { category: 'skateboarding' } })).toEqual(['Charlie']);
    expect(
      names(index, { filter: { priceMinCents: 6_000, priceMaxCents: 7_000 }, orderBy: { price: 1 } }),
    ).toEqual(['Delta', 'Charlie']);
    expect(index.page({ filter: { brand: 'gucci' }, limit: 12, offset: 0 })).toEqual({ cards: [], total: 0 });
  });

  it('sorts by name, price and release, ties by id, and pages without repeating', () => {
    const index = new ListingIndex([
      row('bravo', { priceCents: 300, releaseDate: '2023-05-01' }),
      row('Alpha', { priceCents: 300, releaseDate: '2024-05-01' }),
      row('charlie', { priceCents: 100, releaseDate: '2022-05-01' }),
    ]);
    expect(names(index, { orderBy: { name: 1 } })).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(names(index, { orderBy: { name: -1 } })).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(names(index, { orderBy: { price: 1 } })).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(names(index, { orderBy: { price: -1 } })).toEqual(['bravo', 'Alpha', 'charlie']);
    expect(names(index, {})).toEqual(['Alpha', 'bravo', 'charlie']);
    const pages = [0, 1, 2, 3].map((offset) => names(index, { orderBy: { name: 1 }, limit: 1, offset }));
    expect(pages).toEqual([['Alpha'], ['bravo'], ['charlie'], []]);
  });

  it('sorts names as people read them: full-width and accented letters beside their plain forms', () => {
    const index = new ListingIndex([
      row('Zoom Runner'),
      row('＝1+1 Runner'),
      row('Élan Court'),
      row('elan Low'),
      row('ＡＩＲ Flow'),
      row('Bolt'),
    ]);
    expect(names(index, { orderBy: { name: 1 } })).toEqual([
      '＝1+1 Runner',
      'ＡＩＲ Flow',
      'Bolt',
      'Élan Court',
      'elan Low',
      'Zoom Runner',
    ]);
    expect(names(index, { orderBy: { name: -1 } })[0]).toBe('Zoom Runner');
    // A searched phrase still finds the names that start with it.
    const zoom = index.page({ filter: { search: search('zoom') }, limit: 10, offset: 0 });
    expect(zoom.cards.map((card) => card.name)).toEqual(['Zoom Runner']);
  });

  it('requires every searched word, any of its alternatives', () => {
    const index = new ListingIndex([
      row('Air Jordan 1', { body: 'leather' }),
      row('Air Max 90', { body: 'mesh' }),
      row('Samba', { body: 'leather' }),
    ]);
    expect(names(index, { filter: { search: search('air', 'leather') } })).toEqual(['Air Jordan 1']);
    const either = { groups: [[['jordan'], ['samba']]], phrase: 'jordan' };
    expect(names(index, { filter: { search: either }, orderBy: { name: 1 } })).toEqual([
      'Air Jordan 1',
      'Samba',
    ]);
    expect(index.page({ filter: { search: { groups: [], phrase: '' } }, limit: 12, offset: 0 }).total).toBe(
      0,
    );
    expect(index.page({ filter: { search: search('harpsichord') }, limit: 12, offset: 0 }).total).toBe(0);
  });

  it('ranks a word in the name above one in the description, then the name starting with the phrase, then the shorter', () => {
    const index = new ListingIndex([
      row('Court Classic', { body: 'jordan heritage' }),
      row('Retro Air Jordan Low'),
      row('Air Jordan 1 Mid Anthracite'),
      row('Air Jordan 1'),
    ]);
    const found = { groups: [[['air']], [['jordan']]], phrase: 'air jordan' };
    expect(names(index, { filter: { search: found } })).toEqual([
      'Air Jordan 1',
      'Air Jordan 1 Mid Anthracite',
      'Retro Air Jordan Low',
    ]);
    expect(names(index, { filter: { search: search('jordan') } })).toEqual([
      'Air Jordan 1',
      'Retro Air Jordan Low',
      'Air Jordan 1 Mid Anthracite',
      'Court Classic',
    ]);
    expect(names(index, { filter: { search: search('jordan') }, offset: 3, limit: 1 })).toEqual([
      'Court Classic',
    ]);
  });

  it('follows changes: a new price re-sorts, new words re-index, an archived product leaves', () => {
    const first = row('Alpha', { priceCents: 100 });
    const second = row('Bravo', { priceCents: 200 });
    const index = new ListingIndex([first, second]);
    expect(names(index, { orderBy: { price: 1 } })).toEqual(['Alpha', 'Bravo']);
    index.apply([{ ...first, priceCents: 300, rating: 5 }]);
    expect(names(index, { orderBy: { price: 1 } })).toEqual(['Bravo', 'Alpha']);
    expect(names(index, { filter: { rating: 5 } })).toEqual(['Alpha']);
    expect(names(index, { filter: { rating: 0 } })).toEqual(['Bravo']);
    index.apply([{ ...second, name: 'Bravo Suede', lexemes: "'bravo':1A 'suede':2A" }]);
    expect(names(index, { filter: { search: search('suede') } })).toEqual(['Bravo Suede']);
    // A new rating moves nothing: the searched word's kept places stay, the rating's are made again.
    expect(names(index, { filter: { search: search('suede'), rating: 3 } })).toEqual([]);
    index.apply([{ ...second, name: 'Bravo Suede', lexemes: "'bravo':1A 'suede':2A", rating: 3 }]);
    expect(names(index, { filter: { search: search('suede'), rating: 3 } })).toEqual(['Bravo Suede']);
    expect(names(index, { filter: { search: search('suede'), rating: 0 } })).toEqual([]);
    expect(index.dead).toBe(1);
    index.apply([{ ...first, archived: true }]);
    expect(names(index, {})).toEqual(['Bravo Suede']);
    expect(index.size).toBe(1);
  });

  it("finds a size in stock through each brand's chart, moved by a model's shift", () => {
    const nike = row('Nike Ten', { brand: 'nike', sizesInStock: ['9', '10'] });
    const adidas = row('Adidas Ten', { brand: 'adidas', sizesInStock: ['10'] });
    const women = row('Women Ten', { brand: 'nike', genders: ['women'], sizesInStock: ['10'] });
    const large = row('Runs Large', { brand: 'nike', sizeShift: 1, sizesInStock: ['9.5'] });
    const soldOut = row('Sold Out', { brand: 'nike', sizesInStock: ['11'] });
    const index = new ListingIndex([nike, adidas, women, large, soldOut]);
    // EU 44 as the charts say it: a Nike or adidas men's 10, a Nike women's 11.5; a model that runs half a
    // size large fits it in its 9.5.
    const eu44: SizeFit[] = [
      { brand: 'nike', chart: 'men', keys: ['10'] },
      { brand: 'adidas', chart: 'men', keys: ['10'] },
      { brand: 'nike', chart: 'women', keys: ['11.5'] },
    ];
    const sized = (filter: Partial<ListingPage['filter']> = {}, orderBy?: ListingPage['orderBy']) =>
      names(index, { filter: { sizes: eu44, ...filter }, orderBy: orderBy ?? { name: 1 } });
    expect(sized()).toEqual(['Adidas Ten', 'Nike Ten', 'Runs Large']);
    expect(sized({ brand: 'nike' })).toEqual(['Nike Ten', 'Runs Large']);
    expect(sized({ search: search('ten') })).toEqual(['Adidas Ten', 'Nike Ten']);
    expect(index.page({ filter: { sizes: [] }, limit: 10, offset: 0 })).toEqual({ cards: [], total: 0 });
    // A key no product holds, a group no product is in: nothing.
    expect(names(index, { filter: { sizes: [{ brand: 'vans', chart: 'men', keys: ['10'] }] } })).toEqual([]);
    expect(names(index, { filter: { sizes: [{ brand: 'nike', chart: 'men', keys: ['17'] }] } })).toEqual([]);

    // The last 10 of the Nike sells out: it leaves; a unit comes back: it returns. Its other sizes stay.
    index.apply([{ ...nike, sizesInStock: ['9'] }]);
    expect(sized()).toEqual(['Adidas Ten', 'Runs Large']);
    expect(names(index, { filter: { sizes: [{ brand: 'nike', chart: 'men', keys: ['9'] }] } })).toEqual([
      'Nike Ten',
    ]);
    index.apply([{ ...nike, sizesInStock: ['9', '10'] }]);
    // One price: ties by id, the order they came in.
    expect(sized({}, { price: 1 })).toEqual(['Nike Ten', 'Adidas Ten', 'Runs Large']);
    expect(sized()).toEqual(['Adidas Ten', 'Nike Ten', 'Runs Large']);
    // The sold-out model's 10 comes in; the women's model is now for everyone (the men's chart); a new shift.
    index.apply([
      { ...soldOut, sizesInStock: ['10', '11'] },
      { ...women, genders: ['women', 'unisex'] },
      { ...large, sizeShift: 0 },
    ]);
    expect(sized()).toEqual(['Adidas Ten', 'Nike Ten', 'Sold Out', 'Women Ten']);
    index.apply([{ ...adidas, archived: true }]);
    expect(sized()).toEqual(['Nike Ten', 'Sold Out', 'Women Ten']);
    expect(index.page({ filter: { sizes: eu44 }, limit: 1, offset: 2 })).toMatchObject({
      total: 3,
      cards: [{ name: 'Sold Out' }],
    });
  });

  it('grows past its first capacity', () => {
    const rows = Array.from({ length: 100 }, (_, i) =>
      row(`Shoe ${String(i).padStart(3, '0')}`, { priceCents: 1_000 + i }),
    );
    const index = new ListingIndex(rows, 8);
    expect(index.page({ filter: { priceMinCents: 1_090 }, limit: 100, offset: 0 }).total).toBe(10);
    expect(names(index, { orderBy: { name: -1 }, limit: 2 })).toEqual(['Shoe 099', 'Shoe 098']);
  });
});

/** The same random numbers on every run, and a random item of a list. */
function seeded(start: number) {
  let seed = start;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return { random, pick };
}

describe('ListingIndex against a plain filter and sort', () => {
  it('answers every page of random filters and sorts as filtering and sorting every product would', () => {
    const { random, pick } = seeded(7);
    const brands = ['nike', 'vans', 'gucci'] as const;
    const rows = Array.from({ length: 700 }, (_, i) =>
      row(`${pick(['Air', 'Old', 'Sk8'])} ${pick(['Max', 'Skool', 'Hi'])} ${i % 37}`, {
        brand: pick(brands),
        rating: Math.floor(random() * 6),
        priceCents: 1_000 + Math.floor(random() * 50) * 100,
        releaseDate: `202${Math.floor(random() * 5)}-0${1 + Math.floor(random() * 9)}-15`,
        genders: [pick(['men', 'women', 'unisex'] as const)],
      }),
    );
    const index = new ListingIndex(rows.slice(0, 600));
    index.apply(rows.slice(600));
    index.apply(rows.slice(0, 50).map((item) => ({ ...item, archived: true })));
    const live = rows.slice(50);
    const orders = [undefined, { name: 1 }, { name: -1 }, { price: 1 }, { price: -1 }] as const;
    const byId = (a: ListingRow, b: ListingRow) => (a.id < b.id ? -1 : 1);
    for (let round = 0; round < 200; round += 1) {
      const filter = {
        brand: random() < 0.5 ? pick(brands) : undefined,
        rating: random() < 0.3 ? Math.floor(random() * 6) : undefined,
        gender: random() < 0.3 ? pick(['men', 'women', 'unisex'] as const) : undefined,
        priceMinCents: random() < 0.3 ? 2_000 : undefined,
        priceMaxCents: random() < 0.3 ? 4_000 : undefined,
      };
      const orderBy = pick(orders);
      const expected = live
        .filter(
          (item) =>
            (filter.brand === undefined || item.brand === filter.brand) &&
            (filter.rating === undefined || item.rating === filter.rating) &&
            (filter.gender === undefined || item.genders.includes(filter.gender)) &&
            (filter.priceMinCents === undefined || item.priceCents >= filter.priceMinCents) &&
            (filter.priceMaxCents === undefined || item.priceCents <= filter.priceMaxCents),
        )
        .sort((a, b) => {
          if (orderBy && 'name' in orderBy) {
            const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
            return (x === y ? 0 : (x < y ? -1 : 1) * orderBy.name) || byId(a, b);
          }
          if (orderBy && 'price' in orderBy)
            return (a.priceCents - b.priceCents) * orderBy.price || byId(a, b);
          return b.releaseDate.localeCompare(a.releaseDate) || byId(a, b);
        });
      const limit = pick([1, 12, 100]);
      const offset = Math.floor(random() * (expected.length + 5));
      const result = index.page({ filter, orderBy, limit, offset });
      expect(result.total).toBe(expected.length);
      expect(result.cards.map((card) => card._id)).toEqual(
        expected.slice(offset, offset + limit).map((item) => item.id),
      );
    }
  });

  it('ranks random searches, with filters, sorts and corrections, as scoring every product would', () => {
    const { random, pick } = seeded(11);
    const nameWords = ['air', 'max', 'jordan', 'low', 'retro', 'samba', 'old', 'court'];
    const bodyWords = ['leather', 'suede', 'air', 'jordan', 'court', 'mesh'];
    const rows = Array.from({ length: 900 }, () => {
      // Many names start with 'air': its names are a bitset, other words' a short list.
      const first = random() < 0.4 ? 'air' : pick(nameWords);
      const rest = Array.from({ length: Math.floor(random() * 3) }, () => pick(nameWords));
      // Words few products hold ('gore', 'vibram') are kept as lists of places and searched one at a time.
      const name = [first, ...rest, ...(random() < 0.02 ? ['gore'] : [])].join(' ');
      const body = Array.from({ length: Math.floor(random() * 3) }, () => pick(bodyWords))
        .concat(random() < 0.03 ? ['vibram'] : [])
        .join(' ');
      return row(name, {
        body,
        rating: Math.floor(random() * 3),
        priceCents: 1_000 + Math.floor(random() * 40) * 100,
      });
    });
    const index = new ListingIndex(rows.slice(0, 800));
    index.apply(rows.slice(800));
    index.apply(rows.slice(0, 30).map((item) => ({ ...item, archived: true })));
    const live = rows.slice(30);
    /** Each lexeme of a product, and whether it weighs A anywhere in it. */
    const weights = (item: ListingRow) => {
      const found = new Map<string, boolean>();
      for (const { lexeme, weightA } of parseLexemes(item.lexemes)) {
        found.set(lexeme, (found.get(lexeme) ?? false) || weightA);
      }
      return found;
    };
    const byId = (a: ListingRow, b: ListingRow) => (a.id < b.id ? -1 : 1);
    for (let round = 0; round < 400; round += 1) {
      // One or two searched words; a word may come with a correction (two alternatives) or as a phrase.
      const groups = Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
        random() < 0.3 ? [[pick(nameWords)], [pick(bodyWords)]] : [[pick([...nameWords, ...bodyWords])]],
      );
      if (random() < 0.15) groups.push([[pick(nameWords), pick(nameWords)]]);
      if (random() < 0.35)
        groups.push(random() < 0.5 ? [[pick(['gore', 'vibram'])]] : [['gore'], ['vibram']]);
      const phrase = groups.map((group) => group[0]?.[0] ?? '').join(' ');
      const filter = {
        rating: random() < 0.3 ? Math.floor(random() * 3) : undefined,
        priceMinCents: random() < 0.3 ? 2_000 : undefined,
        priceMaxCents: random() < 0.3 ? 4_000 : undefined,
        search: { groups, phrase },
      };
      const orderBy = pick([undefined, undefined, { name: 1 }, { price: -1 }] as const);
      const scored = live.flatMap((item) => {
        const found = weights(item);
        const matched = groups.every((group) =>
          group.some((alternative) => alternative.every((lexeme) => found.has(lexeme))),
        );
        const priced =
          (filter.priceMinCents === undefined || item.priceCents >= filter.priceMinCents) &&
          (filter.priceMaxCents === undefined || item.priceCents <= filter.priceMaxCents);
        if (!matched || !priced || (filter.rating !== undefined && item.rating !== filter.rating)) return [];
        const weighA = groups.filter((group) => group.flat().some((lexeme) => found.get(lexeme))).length;
        return [{ item, weighA, starts: item.name.toLowerCase().startsWith(phrase) }];
      });
      const expected = scored
        .sort((a, b) => {
          if (orderBy && 'name' in orderBy) {
            const [x, y] = [a.item.name.toLowerCase(), b.item.name.toLowerCase()];
            return (x === y ? 0 : x < y ? -1 : 1) || byId(a.item, b.item);
          }
          if (orderBy && 'price' in orderBy)
            return b.item.priceCents - a.item.priceCents || byId(a.item, b.item);
          return (
            b.weighA - a.weighA ||
            Number(b.starts) - Number(a.starts) ||
            a.item.name.length - b.item.name.length ||
            byId(a.item, b.item)
          );
        })
        .map(({ item }) => item.id);
      const limit = pick([1, 12, 100]);
      const offset = random() < 0.5 ? 0 : Math.floor(random() * (expected.length + 5));
      const result = index.page({ filter, orderBy, limit, offset });
      expect(result.total).toBe(expected.length);
      expect(result.cards.map((card) => card._id)).toEqual(expected.slice(offset, offset + limit));
    }
  });
});
