import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveFlowKey, flowTtlSeconds, openFlow, sealFlow, type SignInFlow } from './flow-cookie.ts';

const flow: SignInFlow = {
  provider: 'google',
  state: 'state-1',
  codeVerifier: 'verifier-1',
  nonce: 'nonce-1',
  next: '/dashboard',
  mode: 'popup',
};
const key = deriveFlowKey('a cookie secret that is long enough for the test');

describe('the social sign-in flow cookie', () => {
  afterEach(() => vi.useRealTimers());

  it('opens what it sealed, and the sealed text reveals none of it', async () => {
    const sealed = await sealFlow(flow, key);
    expect(sealed).not.toContain('verifier-1');
    expect(Buffer.from(sealed.split('.').join(''), 'base64url').toString('latin1')).not.toContain('verifier-1');
    expect(await openFlow(sealed, key)).toEqual(flow);
  });

  it('refuses a missing, tampered or foreign cookie', async () => {
    const sealed = await sealFlow(flow, key);
    const parts = sealed.split('.');
    const ciphertext = parts[3]!;
    parts[3] = (ciphertext[0] === 'A' ? 'B' : 'A') + ciphertext.slice(1);
    expect(await openFlow(undefined, key)).toBeUndefined();
    expect(await openFlow('not-a-jwe', key)).toBeUndefined();
    expect(await openFlow(parts.join('.'), key)).toBeUndefined();
    expect(await openFlow(sealed, deriveFlowKey('another secret that is also long enough'))).toBeUndefined();
  });

  it('expires after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const sealed = await sealFlow(flow, key);
    vi.setSystemTime(new Date(Date.parse('2026-03-01T12:00:00Z') + (flowTtlSeconds - 5) * 1000));
    expect(await openFlow(sealed, key)).toEqual(flow);
    vi.setSystemTime(new Date(Date.parse('2026-03-01T12:00:00Z') + (flowTtlSeconds + 5) * 1000));
    expect(await openFlow(sealed, key)).toBeUndefined();
  });
});
