import { describe, expect, it } from 'vitest';
import { authMessages } from './auth.ts';
import { socialSignInErrorCodes, socialSignInMessage, socialSignInMessages } from './social-sign-in.ts';

describe('socialSignInMessage: the only texts /auth/complete shows', () => {
  it('gives the catalogue text for every known code and provider', () => {
    expect(socialSignInMessage('cancelled', 'google')).toBe('Google sign-in was cancelled.');
    expect(socialSignInMessage('failed', 'github')).toBe('GitHub sign-in failed. Please try again.');
    expect(socialSignInMessage('disabled', 'google')).toBe(authMessages.accountDisabled);
    for (const code of socialSignInErrorCodes) {
      expect(socialSignInMessage(code, 'github')).not.toBe(socialSignInMessages.generic);
    }
  });

  it.each([
    ['free text', 'Your account is locked, call +1 555 0100', 'google'],
    ['an unknown code', 'password_expired', 'google'],
    ['a catalogue helper that is not a code', 'generic', 'google'],
    ['an inherited property', 'constructor', 'google'],
    ['no code', null, 'google'],
    ['an unknown provider', 'failed', 'evil'],
    ['no provider', 'failed', null],
  ])('falls back to the generic text for %s', (_name, code, provider) => {
    expect(socialSignInMessage(code, provider)).toBe(socialSignInMessages.generic);
  });
});
