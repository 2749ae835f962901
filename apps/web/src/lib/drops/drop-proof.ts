import type { DropChallenge } from '@shop/contracts';

/**
 * Solves a drop's proof-of-work challenge (ALTCHA v1) in the browser: a few seconds of hashing that a
 * person's single entry barely notices and a script's thousands do. No tracking and no third party: the
 * challenge comes from the shop and the answer goes back to it. altcha-lib loads only when it is needed.
 * `onProgress` hears how much of the search is done (0 to 1), at most PROGRESS_STEPS times.
 */
/** The parts the search for the answer is split into, each a step of the progress shown. */
const PROGRESS_STEPS = 20;

/**
 * The answer of `challenge`, searched part by part from 0 to its `maxnumber`; `onProgress` hears the
 * share searched so far (0 to 1) after each part, so the page can show how far the check is.
 */
async function searchAnswer(
  challenge: DropChallenge,
  onProgress: (share: number) => void,
): Promise<number | null> {
  const { solveChallenge } = await import('altcha-lib');
  const step = Math.max(1, Math.ceil((challenge.maxnumber + 1) / PROGRESS_STEPS));
  for (let start = 0; start <= challenge.maxnumber; start += step) {
    const last = Math.min(start + step - 1, challenge.maxnumber);
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      last,
      start,
    ).promise;
    if (solution) return solution.number;
    onProgress((last + 1) / (challenge.maxnumber + 1));
  }
  return null;
}

export async function solveDropChallenge(
  challenge: DropChallenge,
  onProgress: (share: number) => void = () => {},
): Promise<string> {
  const number = await searchAnswer(challenge, onProgress);
  if (number === null) throw new Error('The check could not be solved. Please try again.');
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
