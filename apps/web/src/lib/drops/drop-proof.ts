import type { DropChallenge } from '@shop/contracts';

/**
 * Solves a drop's proof-of-work challenge (ALTCHA v1) in the browser: a few seconds of hashing that a
 * person's single entry barely notices and a script's thousands do. No tracking and no third party: the
 * challenge comes from the shop and the answer goes back to it. altcha-lib loads only when it is needed.
 */
export async function solveDropChallenge(challenge: DropChallenge): Promise<string> {
  const { solveChallenge } = await import('altcha-lib');
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('The check could not be solved. Please try again.');
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
