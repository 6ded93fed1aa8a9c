import argon2 from 'argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, OPTIONS);

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time so timing does not reveal unknown accounts. */
export async function verifyPassword(stored: string | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('pushdeck-timing-equaliser');
    await argon2.verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(stored, plain);
  } catch {
    return false;
  }
}
