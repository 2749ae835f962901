import type { NewPerson } from '../modules/users';

/**
 * The seeded customers: the authors of the catalogue's reviews. They have no password and no sign-in
 * provider, so nobody can sign in as them; their e-mails are on a reserved domain that receives no mail.
 */
export const SEED_CUSTOMERS: NewPerson[] = [
  'sofia_runs',
  'mateo_hoops',
  'ana-skates',
  'kenji_kicks',
  'lea_walks',
].map((username) => ({ username, email: `${username}@customers.sneakershop.test` }));

/** Five comments per number of stars, so no product shows the same comment twice. */
const COMMENTS: Record<number, string[]> = {
  1: [
    'The sole came apart after two weeks. Not what I expected for the price.',
    'Far too narrow for me and the sizing is off. Sent them back.',
    'Squeaky on every floor and the heel rubs. Would not buy again.',
    'The colour bled onto my socks the first time they got wet.',
    'Uncomfortable from day one and they never got better.',
  ],
  2: [
    'They look great, but they pinch at the toe even after breaking them in.',
    'Comfortable enough, but the colour is duller than in the pictures.',
    'The insole is thin; I had to put my own in.',
    'Nice design, but the stitching came loose within a month.',
    'Too stiff for long walks. Fine for an evening out.',
  ],
  3: [
    'Good, not great. Fine for everyday wear, a bit stiff at first.',
    'Decent pair for the money. Runs half a size small.',
    'Looks exactly like the pictures; the comfort is average.',
    'Solid shoe, nothing special. The laces keep coming undone.',
    'Okay for short walks, my feet get tired after a few hours.',
  ],
  4: [
    'Comfortable from the first day and they go with everything.',
    'Really nice pair. Lost one star because the laces are too short.',
    'Great grip and cushioning; the tongue slides a little.',
    'Very happy with them. True to size and well made.',
    'Light and breathable. I wish the box had spare laces.',
  ],
  5: [
    'Best pair I own: light, comfortable and they look even better in person.',
    'Perfect fit and great quality. I already ordered a second colourway.',
    'I get compliments every time I wear them.',
    'Worth every cent: comfortable all day long.',
    'Exactly what I was looking for. Fast delivery too.',
  ],
};

/** A small stable number from text, so the same product always gets the same reviews. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ (char.codePointAt(0) ?? 0), 16777619);
  return value >>> 0;
}

export interface SeedReview {
  slug: string;
  email: string;
  rating: number;
  description: string;
  daysAgo: number;
}

/**
 * Reviews by the seeded customers that give a product exactly its catalogue rating: one to five reviews,
 * in pairs one star above and one below the rating where there is room, so their mean is the rating. A
 * product rated 0 ('New') gets none.
 */
export function seedReviewsFor(slug: string, rating: number): SeedReview[] {
  if (rating < 1) return [];
  const seed = hash(slug);
  const count = 1 + (seed % SEED_CUSTOMERS.length);
  const spread = rating > 1 && rating < 5;
  return Array.from({ length: count }, (_, index) => {
    const customer = SEED_CUSTOMERS[(seed + index) % SEED_CUSTOMERS.length] as NewPerson;
    // Reviews 0 and 1, 2 and 3 form pairs; an odd one out keeps the rating itself.
    const paired = spread && index < count - (count % 2);
    const stars = paired ? rating + (index % 2 === 0 ? 1 : -1) : rating;
    const comments = COMMENTS[stars] ?? [];
    return {
      slug,
      email: customer.email,
      rating: stars,
      description: comments[((seed >>> 3) + index) % comments.length] ?? 'Good pair.',
      daysAgo: 3 + ((seed >>> (index + 4)) % 360),
    };
  });
}
