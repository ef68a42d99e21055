/**
 * Access tokens: short-lived JWTs (HS256) naming the user (`sub`) and their role, with our issuer
 * and audience, checked on every verify. The secret is JWT_SECRET, or outside production one
 * generated once and kept in DATA_DIR/.jwt-secret (mode 0600) so a restart keeps everyone signed in.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { roles, type Role } from '@recell/contract';
import { uuidPattern } from '../../lib/ids.ts';

export const accessTokenIssuer = 'recell';
export const accessTokenAudience = 'recell-api';
export const jwtSecretFileName = '.jwt-secret';

interface AccessTokenClaims {
  userId: string;
  role: Role;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token and when it was issued, or undefined for a bad, tampered or expired one. */
  verify(token: string): Promise<(AccessTokenClaims & { issuedAt: Date }) | undefined>;
  /** A key for signing cookies, derived from the same secret (never the secret itself). */
  cookieSecret: string;
  /**
   * A key, derived from the same secret, that turns a refresh token into its successor: every
   * replica computes the same successor, so a token presented twice at once can get the same answer.
   */
  refreshSuccessorKey: string;
}

/**
 * Reads DATA_DIR/.jwt-secret, creating it with 48 random bytes when it does not exist yet. Two
 * processes starting at once agree: the file is created exclusively, and the loser reads the winner's.
 */
export const loadOrCreateJwtSecret = async (dataDir: string): Promise<string> => {
  const file = path.join(dataDir, jwtSecretFileName);
  const read = async () => (await readFile(file, 'utf8')).trim();
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under a name of its own, then linked into place: a server starting at the same
  // moment never reads a secret half written, and the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  } finally {
    await unlink(draft).catch(() => {});
  }
};

/** How many verified tokens a server keeps (a few MB at most). */
const verifiedTokensKept = 10_000;

export const createAccessTokens = (secret: string, ttlSeconds: number): AccessTokens => {
  if (secret.length < 32) throw new Error('The access-token secret must be at least 32 characters');
  /**
   * Tokens verified lately, with their claims, until they expire: a client sends the same token
   * with every request until it refreshes it, and verifying one costs more CPU than many an
   * answer's own work. Only tokens that verified are kept; whether their account may still act
   * (disabled, a password reset) is read from its row on every request, as before.
   */
  const verified = new Map<string, { claims: AccessTokenClaims & { issuedAt: Date }; expiresAtMs: number }>();
  // Imported once: given the bytes, jose imports a key on every call, a third of a verify's CPU.
  const key = globalThis.crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign({ userId, role }) {
      const nowMs = Date.now();
      const issuedAt = Math.floor(nowMs / 1000);
      const expiresAtSeconds = issuedAt + ttlSeconds;
      // `iat` is whole seconds; a password reset must tell a token made just before it from one just after.
      const token = await new SignJWT({ role, iat_ms: nowMs })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(await key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // The same bytes verify the same way; only the clock moves.
        if (known.expiresAtMs > Date.now()) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: accessTokenIssuer,
          audience: accessTokenAudience,
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const role = payload.role;
        if (typeof payload.sub !== 'string' || !uuidPattern.test(payload.sub)) return undefined;
        if (!roles.includes(role as Role)) return undefined;
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000;
        const claims = { userId: payload.sub, role: role as Role, issuedAt: new Date(issuedAtMs) };
        // A Map keeps insertion order: the first key is the token verified longest ago.
        if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAtMs: payload.exp! * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
    cookieSecret: createHmac('sha256', secret).update('recell cookie signing').digest('base64url'),
    refreshSuccessorKey: createHmac('sha256', secret).update('recell refresh successor').digest('base64url'),
  };
};
