import {
  type Brand,
  type Category,
  COLORS,
  type Color,
  type Gender,
  sizeKey,
  toCents,
} from '@shop/contracts';
import type { NewProduct } from '../modules/catalog';

/** The shape of shoe drawn for a product's pictures. */
export type Silhouette = 'high-top' | 'low-top' | 'runner' | 'slip-on';

export interface SeedProduct extends NewProduct {
  silhouette: Silhouette;
}

export interface Model {
  name: string;
  silhouette: Silhouette;
  categories: Category[];
  /** Base price in dollars. */
  price: number;
  collection: string;
  tagline: string;
}

export const MODELS: Record<Brand, Model[]> = {
  nike: [
    {
      name: 'Air Jordan 1 Mid',
      silhouette: 'high-top',
      categories: ['basketball', 'lifestyle'],
      price: 125,
      collection: 'Jordan Heritage',
      tagline: 'The mid-cut that carried a legend from the hardwood to the street.',
    },
    {
      name: 'Air Force 1 07',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 110,
      collection: 'Icons',
      tagline: 'Crisp leather, a cupsole that lasts and an Air unit underfoot.',
    },
    {
      name: 'Air Max 90',
      silhouette: 'runner',
      categories: ['lifestyle', 'running'],
      price: 130,
      collection: 'Air Max',
      tagline: 'Waffle outsole, visible Air and the stitched overlays that started it all.',
    },
    {
      name: 'Pegasus 41',
      silhouette: 'runner',
      categories: ['running'],
      price: 140,
      collection: 'Road Running',
      tagline: 'A responsive daily trainer for easy miles and tempo days alike.',
    },
    {
      name: 'Blazer Mid 77',
      silhouette: 'high-top',
      categories: ['lifestyle', 'skateboarding'],
      price: 105,
      collection: 'Vintage',
      tagline: 'Old-school court style with an exposed foam tongue and a vintage finish.',
    },
    {
      name: 'Dunk Low',
      silhouette: 'low-top',
      categories: ['skateboarding', 'lifestyle'],
      price: 115,
      collection: 'SB',
      tagline: 'The padded low-top skaters adopted and never gave back.',
    },
    {
      name: 'LeBron XXI',
      silhouette: 'high-top',
      categories: ['basketball'],
      price: 200,
      collection: 'Signature',
      tagline: 'Containment cables and Zoom Turbo cushioning for explosive play.',
    },
    {
      name: 'Zoom Freak 5',
      silhouette: 'high-top',
      categories: ['basketball'],
      price: 130,
      collection: 'Signature',
      tagline: 'Built for long strides and quick changes of direction.',
    },
    {
      name: 'Invincible 3',
      silhouette: 'runner',
      categories: ['running'],
      price: 180,
      collection: 'Road Running',
      tagline: 'Maximum ZoomX foam for soft, supportive recovery runs.',
    },
    {
      name: 'Court Vision Low',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 75,
      collection: 'Court',
      tagline: 'Eighties basketball lines in an everyday low-top.',
    },
  ],
  adidas: [
    {
      name: 'Ultraboost 1.0',
      silhouette: 'runner',
      categories: ['running', 'lifestyle'],
      price: 190,
      collection: 'Boost',
      tagline: 'A knit upper over full-length Boost that returns every step.',
    },
    {
      name: 'Samba OG',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 100,
      collection: 'Originals',
      tagline: 'Born on frozen football pitches, now a street classic with a gum sole.',
    },
    {
      name: 'Gazelle',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 100,
      collection: 'Originals',
      tagline: 'Soft suede, the three stripes and a low profile since 1966.',
    },
    {
      name: 'Stan Smith',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 95,
      collection: 'Originals',
      tagline: 'Minimal tennis leather that goes with absolutely everything.',
    },
    {
      name: 'Superstar',
      silhouette: 'low-top',
      categories: ['lifestyle', 'basketball'],
      price: 100,
      collection: 'Originals',
      tagline: 'The shell toe that went from the court to the stage.',
    },
    {
      name: 'Forum Low',
      silhouette: 'low-top',
      categories: ['lifestyle', 'basketball'],
      price: 110,
      collection: 'Originals',
      tagline: 'An eighties hoops icon with the signature ankle strap.',
    },
    {
      name: 'Adizero Adios Pro 3',
      silhouette: 'runner',
      categories: ['running'],
      price: 250,
      collection: 'Adizero',
      tagline: 'Carbon-infused rods and Lightstrike Pro foam for race day.',
    },
    {
      name: 'Harden Vol. 8',
      silhouette: 'high-top',
      categories: ['basketball'],
      price: 160,
      collection: 'Signature',
      tagline: 'Low-to-the-ground control for step-backs and hard stops.',
    },
    {
      name: 'Busenitz Pro',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 90,
      collection: 'Skateboarding',
      tagline: 'A football-inspired skate shoe with a durable toe and great board feel.',
    },
  ],
  converse: [
    {
      name: 'Chuck Taylor All Star Hi',
      silhouette: 'high-top',
      categories: ['lifestyle', 'basketball'],
      price: 65,
      collection: 'Classic Chuck',
      tagline: 'Canvas, rubber toe cap and a century of history.',
    },
    {
      name: 'Chuck 70 Lo',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 85,
      collection: 'Chuck 70',
      tagline: 'Premium canvas and a vintage egret midsole with extra cushioning.',
    },
    {
      name: 'One Star Pro',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 80,
      collection: 'CONS',
      tagline: 'Suede built for the skatepark with a grippy vulcanised sole.',
    },
    {
      name: 'Run Star Hike',
      silhouette: 'high-top',
      categories: ['lifestyle'],
      price: 110,
      collection: 'Platform',
      tagline: 'A chunky platform and jagged outsole on a classic canvas upper.',
    },
    {
      name: 'All Star Pro BB',
      silhouette: 'high-top',
      categories: ['basketball'],
      price: 140,
      collection: 'Basketball',
      tagline: 'The Chuck reimagined for the modern game with React foam.',
    },
    {
      name: 'Weapon',
      silhouette: 'high-top',
      categories: ['basketball', 'lifestyle'],
      price: 95,
      collection: 'Archive',
      tagline: 'The eighties rivalry shoe with Y-bar ankle support.',
    },
    {
      name: 'Jack Purcell',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 75,
      collection: 'Archive',
      tagline: 'The smile on the toe that badminton courts made famous.',
    },
    {
      name: 'CONS AS-1 Pro',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 85,
      collection: 'CONS',
      tagline: 'A pro skate model with CX foam and a reinforced ollie area.',
    },
    {
      name: 'Chuck Taylor Slip',
      silhouette: 'slip-on',
      categories: ['lifestyle', 'other'],
      price: 60,
      collection: 'Classic Chuck',
      tagline: 'No laces, all Chuck: elastic gores for an easy fit.',
    },
  ],
  vans: [
    {
      name: 'Old Skool',
      silhouette: 'low-top',
      categories: ['skateboarding', 'lifestyle'],
      price: 70,
      collection: 'Classics',
      tagline: 'The side stripe that made Vans a skate institution.',
    },
    {
      name: 'Sk8-Hi',
      silhouette: 'high-top',
      categories: ['skateboarding'],
      price: 80,
      collection: 'Classics',
      tagline: 'High-top support and padded collars for ankle protection.',
    },
    {
      name: 'Authentic',
      silhouette: 'low-top',
      categories: ['lifestyle', 'skateboarding'],
      price: 55,
      collection: 'Classics',
      tagline: 'The original Vans deck shoe from 1966.',
    },
    {
      name: 'Era',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 60,
      collection: 'Classics',
      tagline: 'A padded collar added to the Authentic for the first pro skaters.',
    },
    {
      name: 'Classic Slip-On',
      silhouette: 'slip-on',
      categories: ['lifestyle', 'skateboarding'],
      price: 55,
      collection: 'Classics',
      tagline: 'Laceless, low-profile and instantly recognisable.',
    },
    {
      name: 'Half Cab',
      silhouette: 'high-top',
      categories: ['skateboarding'],
      price: 85,
      collection: 'Pro Skate',
      tagline: 'Cut down from the Caballero by skaters, then made official.',
    },
    {
      name: 'Knu Skool',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 80,
      collection: 'Nineties',
      tagline: 'A puffed-up nineties take with a chunky tongue and 3D stripe.',
    },
    {
      name: 'UltraRange EXO',
      silhouette: 'runner',
      categories: ['running', 'other'],
      price: 100,
      collection: 'MTE',
      tagline: 'Lightweight cushioning for days that go from trail to town.',
    },
  ],
  gucci: [
    {
      name: 'Ace Embroidered',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 690,
      collection: 'Ace',
      tagline: 'Italian leather with the signature web stripe and embroidery.',
    },
    {
      name: 'Rhyton',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 890,
      collection: 'Rhyton',
      tagline: 'A chunky vintage-style leather trainer with a thick sole.',
    },
    {
      name: 'Screener',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 850,
      collection: 'Screener',
      tagline: 'Seventies running lines with a washed, lived-in finish.',
    },
    {
      name: 'Basket',
      silhouette: 'high-top',
      categories: ['basketball', 'lifestyle'],
      price: 1050,
      collection: 'Basket',
      tagline: 'Luxury hoops design with perforations and a sculpted sole.',
    },
    {
      name: 'Run',
      silhouette: 'runner',
      categories: ['running', 'lifestyle'],
      price: 950,
      collection: 'Run',
      tagline: 'A sock-fit knit runner with a sculpted rubber sole.',
    },
    {
      name: 'Tennis 1977',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 650,
      collection: 'Tennis 1977',
      tagline: 'Canvas court shoe with the archive web detail.',
    },
    {
      name: 'Horsebit Slip-On',
      silhouette: 'slip-on',
      categories: ['lifestyle', 'other'],
      price: 790,
      collection: 'Horsebit',
      tagline: 'The house Horsebit on a soft leather slip-on sneaker.',
    },
    {
      name: 'Re-Web',
      silhouette: 'runner',
      categories: ['running', 'lifestyle'],
      price: 780,
      collection: 'Re-Web',
      tagline: 'Web stripes and mesh in a retro runner profile.',
    },
  ],
  champion: [
    {
      name: 'Rally Pro',
      silhouette: 'high-top',
      categories: ['basketball', 'lifestyle'],
      price: 75,
      collection: 'Rally',
      tagline: 'Retro hoops style with a cushioned collar and the C logo.',
    },
    {
      name: 'Rochester Low',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 60,
      collection: 'Rochester',
      tagline: 'Clean court lines named after the brand’s hometown.',
    },
    {
      name: '93Eighteen',
      silhouette: 'runner',
      categories: ['lifestyle', 'running'],
      price: 85,
      collection: 'Heritage',
      tagline: 'A chunky nineties runner with layered suede overlays.',
    },
    {
      name: 'Super C Court',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 55,
      collection: 'Court',
      tagline: 'A simple canvas court shoe with the big C on the side.',
    },
    {
      name: 'Drome Hi',
      silhouette: 'high-top',
      categories: ['basketball'],
      price: 90,
      collection: 'Drome',
      tagline: 'High-top support and a herringbone outsole for the court.',
    },
    {
      name: 'Zone Slip',
      silhouette: 'slip-on',
      categories: ['lifestyle', 'other'],
      price: 45,
      collection: 'Zone',
      tagline: 'Light knit slip-on for errands, travel and lazy Sundays.',
    },
    {
      name: 'Classic Skate',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 58,
      collection: 'Skate',
      tagline: 'Vulcanised grip and reinforced suede for daily sessions.',
    },
    {
      name: 'Aero Runner',
      silhouette: 'runner',
      categories: ['running'],
      price: 70,
      collection: 'Performance',
      tagline: 'Breathable mesh and a springy foam for everyday runs.',
    },
  ],
  other: [
    {
      name: 'New Balance 550',
      silhouette: 'low-top',
      categories: ['lifestyle', 'basketball'],
      price: 110,
      collection: 'Archive',
      tagline: 'A 1989 basketball shoe brought back from the archive.',
    },
    {
      name: 'Asics Gel-Kayano 14',
      silhouette: 'runner',
      categories: ['running', 'lifestyle'],
      price: 150,
      collection: 'Gel',
      tagline: 'Late-2000s tech running style with GEL cushioning.',
    },
    {
      name: 'Puma Suede Classic',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 75,
      collection: 'Suede',
      tagline: 'Soft suede and a formstrip since the sixties.',
    },
    {
      name: 'Reebok Club C 85',
      silhouette: 'low-top',
      categories: ['lifestyle'],
      price: 85,
      collection: 'Club C',
      tagline: 'Soft garment leather on a clean eighties tennis shape.',
    },
    {
      name: 'Saucony Jazz Original',
      silhouette: 'runner',
      categories: ['running', 'lifestyle'],
      price: 70,
      collection: 'Originals',
      tagline: 'A 1981 runner with a triangle-lug outsole.',
    },
    {
      name: 'Hoka Clifton 9',
      silhouette: 'runner',
      categories: ['running'],
      price: 145,
      collection: 'Road',
      tagline: 'Light, soft and rockered for smooth daily miles.',
    },
    {
      name: 'Salomon XT-6',
      silhouette: 'runner',
      categories: ['running', 'other'],
      price: 190,
      collection: 'Advanced',
      tagline: 'A trail racer turned style staple with quicklace.',
    },
    {
      name: 'Etnies Marana',
      silhouette: 'low-top',
      categories: ['skateboarding'],
      price: 80,
      collection: 'Skate',
      tagline: 'Cupsole skate support with extra padding for big drops.',
    },
    {
      name: 'Birkenstock Bend',
      silhouette: 'slip-on',
      categories: ['other', 'lifestyle'],
      price: 120,
      collection: 'Bend',
      tagline: 'A low sneaker with the famous footbed inside.',
    },
  ],
};

export const COLOURWAYS: Record<Color, string[]> = {
  Yellow: ['Sunburst', 'Varsity Maize', 'Lemon Drop'],
  Blue: ['Royal', 'University Blue', 'Midnight Navy'],
  Red: ['Varsity Red', 'Infrared', 'Chile Red'],
  White: ['Triple White', 'Summit White', 'Sail'],
  Black: ['Triple Black', 'Black Cat', 'Anthracite'],
  Green: ['Pine Green', 'Lucky Green', 'Olive'],
  Brown: ['Mocha', 'Desert Tan', 'Chestnut'],
};

const MATERIALS = [
  'full-grain leather',
  'premium suede',
  'breathable mesh',
  'heavyweight canvas',
  'engineered knit',
  'nubuck',
];
const FEATURES = [
  'A padded collar and tongue for all-day comfort',
  'A rubber outsole with a traction pattern that grips',
  'A cushioned foam midsole that softens every step',
  'Reinforced stitching in high-wear areas',
  'A removable, moulded sockliner',
  'Breathable lining to keep your feet cool',
  'Heel pull tab for easy on and off',
  'Flat laces with metal aglets',
];

/** A small deterministic PRNG so the catalogue is identical on every machine and every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function picturesFor(
  slug: string,
): Pick<NewProduct, 'cardPicture' | 'detailPicture' | 'originalPicture'> {
  return {
    cardPicture: `/uploads/products/${slug}/card.webp`,
    detailPicture: `/uploads/products/${slug}/detail.webp`,
    originalPicture: `/uploads/products/${slug}/original.webp`,
  };
}

export function gendersFor(random: () => number, categories: Category[]): Gender[] {
  const roll = random();
  if (categories.includes('basketball') && roll < 0.5) return ['men'];
  if (roll < 0.35) return ['men'];
  if (roll < 0.7) return ['women'];
  if (roll < 0.9) return ['unisex'];
  return ['men', 'women'];
}

/** Sizes offered for the genders, with units per size; some sizes are sold out. */
export function stockFor(random: () => number, genders: Gender[]): Record<string, number> {
  const first = genders[0];
  const [from, to] = first === 'women' ? [5, 10] : first === 'men' ? [7, 13] : [5, 12];
  const stock: Record<string, number> = {};
  for (let size = from; size <= to; size += 0.5) {
    const roll = random();
    stock[sizeKey(size)] = roll < 0.15 ? 0 : Math.floor(random() * 14) + 1;
  }
  return stock;
}

export function describe(random: () => number, brand: Brand, model: Model, colour: string): string {
  const material = pick(random, MATERIALS);
  const features = [...FEATURES].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 3));
  const brandName = brand === 'other' ? '' : ` from ${brand[0]?.toUpperCase()}${brand.slice(1)}`;
  return [
    `<p><strong>${model.name}</strong>${brandName} in the ${colour} colourway. ${model.tagline}</p>`,
    `<p>The upper is made of ${material}, finished with tonal details.</p>`,
    `<ul>${features.map((feature) => `<li>${feature}</li>`).join('')}</ul>`,
  ].join('');
}

export function releaseDate(random: () => number): string {
  const year = 2007 + Math.floor(random() * 20);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The featured shoes of the landing page. */
const FEATURED: SeedProduct[] = [
  {
    slug: 'air-jordan-1-mid-xq',
    name: 'Air Jordan 1 Mid XQ',
    brand: 'nike',
    priceCents: toCents(189.99),
    rating: 5,
    description:
      '<p><strong>Air Jordan 1 Mid XQ</strong>. In 2007 only 240 pairs of the original were made, numbered by hand and sold out in minutes.</p><p>This retro brings back the premium tumbled leather, the quilted collar and the gold-stamped wings, on the cushioned mid-cut that started it all.</p><ul><li>Full-grain leather upper</li><li>Air-Sole unit in the heel</li><li>Solid rubber cupsole</li></ul>',
    genders: ['men'],
    categories: ['basketball', 'lifestyle'],
    color: 'Red',
    collection: 'Jordan Heritage',
    releaseDate: '2007-03-24',
    featuredSlot: 1,
    stock: { '7': 2, '7.5': 0, '8': 3, '8.5': 1, '9': 4, '9.5': 0, '10': 2, '10.5': 1, '11': 3, '12': 1 },
    silhouette: 'high-top',
    ...picturesFor('air-jordan-1-mid-xq'),
  },
  {
    slug: 'vans-authentic-summer-blue',
    name: 'Authentic Summer Blue',
    brand: 'vans',
    priceCents: toCents(53),
    rating: 4,
    description:
      '<p><strong>Authentic</strong> from Vans in a bright summer blue. The original 1966 deck shoe: low-profile canvas, metal eyelets and the waffle outsole that grips any board.</p>',
    genders: ['unisex'],
    categories: ['lifestyle', 'skateboarding'],
    color: 'Blue',
    collection: 'Classics',
    releaseDate: '2024-05-10',
    featuredSlot: 2,
    stock: { '5': 6, '6': 8, '7': 10, '8': 9, '9': 7, '10': 5, '11': 0, '12': 3 },
    silhouette: 'low-top',
    ...picturesFor('vans-authentic-summer-blue'),
  },
  {
    slug: 'converse-chuck-70-lo-sunburst',
    name: 'Chuck 70 Lo Sunburst',
    brand: 'converse',
    priceCents: toCents(63),
    rating: 4,
    description:
      '<p><strong>Chuck 70 Lo</strong> from Converse in Sunburst yellow. Premium canvas, a glossy egret midsole and extra cushioning make the vintage Chuck an everyday favourite.</p>',
    genders: ['women'],
    categories: ['lifestyle'],
    color: 'Yellow',
    collection: 'Chuck 70',
    releaseDate: '2025-03-14',
    featuredSlot: 3,
    stock: { '5': 4, '5.5': 2, '6': 7, '6.5': 0, '7': 6, '7.5': 5, '8': 3, '9': 2, '10': 0 },
    silhouette: 'low-top',
    ...picturesFor('converse-chuck-70-lo-sunburst'),
  },
];

/**
 * A product of `model` in a colourway, with the catalogue's rules for genders, price (the model's price
 * times a factor in `priceSpread`, ending in .99), rating (some 0, 'New'), description, date and stock.
 */
export function modelProduct(
  random: () => number,
  input: {
    slug: string;
    name: string;
    brand: Brand;
    model: Model;
    color: Color;
    colourway: string;
    priceSpread: [from: number, width: number];
  },
): SeedProduct {
  const { slug, name, brand, model, color, colourway } = input;
  const genders = gendersFor(random, model.categories);
  const cents = toCents(model.price * (input.priceSpread[0] + random() * input.priceSpread[1]));
  const rating = random() < 0.12 ? 0 : 1 + Math.floor(random() * 5);
  return {
    slug,
    name,
    brand,
    priceCents: Math.max(100, Math.round(cents / 100) * 100 - 1),
    rating,
    description: describe(random, brand, model, colourway),
    genders,
    categories: model.categories,
    color,
    collection: model.collection,
    releaseDate: releaseDate(random),
    featuredSlot: null,
    stock: stockFor(random, genders),
    silhouette: model.silhouette,
    ...picturesFor(slug),
  };
}

/**
 * Seeded products on sale, by slug: their compare-at price (the price before the sale). None is featured,
 * on the catalogue's first pages, or named by a test.
 */
const ON_SALE: Record<string, number> = {
  'nike-court-vision-low-anthracite': toCents(99.99),
  'vans-half-cab-black-cat': toCents(89.99),
  'other-asics-gel-kayano-14-royal': toCents(159.99),
};

/** The seeded catalogue: every brand, category, gender and colour, deterministic; a few on sale. */
export function buildCatalogue(): SeedProduct[] {
  return catalogueProducts().map((product) => {
    const compareAtPriceCents = ON_SALE[product.slug];
    return compareAtPriceCents && compareAtPriceCents > product.priceCents
      ? { ...product, compareAtPriceCents }
      : product;
  });
}

function catalogueProducts(): SeedProduct[] {
  const random = prng(20230101);
  const products: SeedProduct[] = [...FEATURED];
  let colourIndex = 0;
  for (const [brand, models] of Object.entries(MODELS) as [Brand, Model[]][]) {
    for (const model of models) {
      for (let variant = 0; variant < 2; variant += 1) {
        const color = COLORS[colourIndex % COLORS.length] as Color;
        colourIndex += 1;
        const colourway = pick(random, COLOURWAYS[color]);
        const name = `${model.name} ${colourway}`;
        const slug = slugify(`${brand} ${name}`);
        if (products.some((product) => product.slug === slug)) continue;
        products.push(
          modelProduct(random, { slug, name, brand, model, color, colourway, priceSpread: [0.85, 0.3] }),
        );
      }
    }
  }
  return products;
}
