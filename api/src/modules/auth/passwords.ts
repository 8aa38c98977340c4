import argon2 from 'argon2';
import type { PasswordHashCost } from '../../config';

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify; used when the email is unknown. */
  verifyDummy(password: string): Promise<void>;
};

export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = { type: argon2.argon2id, ...cost } as const;
  // Made once, with the same cost as real hashes, so an unknown email costs what a wrong password costs.
  let dummyHash: Promise<string> | undefined;
  const hash = (password: string) => argon2.hash(password, options);
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      // A malformed stored hash must read as "wrong password", not as a server error.
      return false;
    }
  };
  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummyHash ??= hash('caucus-timing-equaliser');
      await verify(await dummyHash, password);
    },
  };
}
