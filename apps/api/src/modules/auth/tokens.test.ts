import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens, jwtSecretFileName, loadOrCreateJwtSecret } from './tokens.ts';

describe('access tokens', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-tokens-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('generates the secret once, owner-only, and a restart reads the same one back', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const [a, b] = await Promise.all([loadOrCreateJwtSecret(dataDir), loadOrCreateJwtSecret(dataDir)]);
    expect(a).toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(48);
    const file = path.join(dataDir, jwtSecretFileName);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(a);

    // A token signed before a restart verifies after it.
    const before = createAccessTokens(a, 900);
    const { token } = await before.sign({ userId: '6f1c1b4e-2d3a-4c5b-8d9e-0a1b2c3d4e5f', role: 'seller' });
    const after = createAccessTokens(await loadOrCreateJwtSecret(dataDir), 900);
    expect(await after.verify(token)).toMatchObject({ userId: '6f1c1b4e-2d3a-4c5b-8d9e-0a1b2c3d4e5f', role: 'seller' });
  });

  it('gives every server starting at once the same whole secret, and leaves no draft behind', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const secrets = await Promise.all(Array.from({ length: 20 }, () => loadOrCreateJwtSecret(dataDir)));
    expect(new Set(secrets).size).toBe(1);
    expect(Buffer.from(secrets[0]!, 'base64url')).toHaveLength(48);
    expect(await readdir(dataDir)).toEqual([jwtSecretFileName]);
  });

  it('expires tokens after their lifetime and refuses other secrets', async () => {
    const tokens = createAccessTokens('s'.repeat(40), 900);
    const { token, expiresAt } = await tokens.sign({ userId: '6f1c1b4e-2d3a-4c5b-8d9e-0a1b2c3d4e5f', role: 'user' });
    expect(Math.round((expiresAt.getTime() - Date.now()) / 1000)).toBeGreaterThan(895);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      sub: '6f1c1b4e-2d3a-4c5b-8d9e-0a1b2c3d4e5f',
      role: 'user',
      iss: 'recell',
      aud: 'recell-api',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(900);
    expect(await createAccessTokens('t'.repeat(40), 900).verify(token)).toBeUndefined();
    expect(() => createAccessTokens('short', 900)).toThrow(/32 characters/);
  });

  it('keeps a verified token only until it expires', async () => {
    const tokens = createAccessTokens('s'.repeat(40), 60);
    const { token } = await tokens.sign({ userId: '6f1c1b4e-2d3a-4c5b-8d9e-0a1b2c3d4e5f', role: 'user' });
    expect(await tokens.verify(token)).toMatchObject({ role: 'user' });
    // Verified again from memory, then refused once its minute is over.
    expect(await tokens.verify(token)).toMatchObject({ role: 'user' });
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    try {
      expect(await tokens.verify(token)).toBeUndefined();
      expect(await tokens.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    // Tampered bytes are another token: verified, and refused.
    const [head, body, signature] = token.split('.');
    const other = signature!.startsWith('A') ? 'B' : 'A';
    expect(await tokens.verify(`${head}.${body}.${other}${signature!.slice(1)}`)).toBeUndefined();
  });
});
