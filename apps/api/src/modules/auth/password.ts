/**
 * Password hashing: argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1). Hashes are PHC
 * strings (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`) with a random 16-byte salt each time,
 * so they carry their own parameters and stay verifiable if the policy changes later.
 */
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which `isolatedModules` cannot read; 2 is Argon2id.
const argon2id = 2 as Algorithm;

const passwordHashOptions = {
  algorithm: argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export const hashPassword = (plain: string): Promise<string> => hash(plain, passwordHashOptions);

/** True when `plain` matches `passwordHash`; false for a wrong password or a malformed hash. */
export const verifyPassword = async (passwordHash: string, plain: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
};

/** True when a stored hash was made with other parameters than today's (rehash it after a login). */
export const needsRehash = (passwordHash: string): boolean => {
  try {
    const o = parseOptions(passwordHash);
    return (
      o.algorithm !== passwordHashOptions.algorithm ||
      o.memoryCost !== passwordHashOptions.memoryCost ||
      o.timeCost !== passwordHashOptions.timeCost ||
      o.parallelism !== passwordHashOptions.parallelism
    );
  } catch {
    return true;
  }
};
