/** mulberry32: the same numbers from the same seed, on every machine, for the randomised tests. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]) => items[below(items.length)] as T;
  const chance = (p: number) => random() < p;
  return { random, below, pick, chance };
}
