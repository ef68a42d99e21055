import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('makes argon2id PHC strings with the OWASP parameters', async () => {
    const stored = await hashPassword('s3cret!');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'same password')).toBe(true);
    expect(await verifyPassword(b, 'same password')).toBe(true);
  });

  it('handles unicode passwords', async () => {
    const stored = await hashPassword('pässwörd-📱');
    expect(await verifyPassword(stored, 'pässwörd-📱')).toBe(true);
    expect(await verifyPassword(stored, 'passwörd-📱')).toBe(false);
  });

  it('treats a malformed or foreign hash as not matching', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
    expect(
      needsRehash('$argon2i$v=19$m=4096,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm8'),
    ).toBe(true);
  });
});
