import { describe, expect, it } from 'vitest';
import { LoginSchema, SignupFieldsSchema } from './auth.ts';
import { messages } from './messages.ts';

/** The first message per field, as the forms and the API show them. */
const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
};

describe('sign-up and login validation speak the spec’s messages', () => {
  it('names every missing sign-up field', () => {
    const result = SignupFieldsSchema.safeParse({ name: '', email: '', password: '' });
    expect(firstMessages(result)).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      password: messages.passwordRequired,
      role: messages.roleRequired,
    });
  });

  it('asks for six characters and refuses admin as a sign-up role', () => {
    const result = SignupFieldsSchema.safeParse({ name: 'Ann', email: 'ann@x.com', password: '12345', role: 'admin' });
    expect(firstMessages(result)).toEqual({ password: messages.passwordMin, role: messages.roleRequired });
  });

  it('normalises the email to lower case and trims the name', () => {
    const parsed = SignupFieldsSchema.parse({
      name: '  Ann ',
      email: ' Ann@X.com ',
      password: 'secret1',
      role: 'seller',
    });
    expect(parsed).toEqual({ name: 'Ann', email: 'ann@x.com', password: 'secret1', role: 'seller' });
  });

  it('login needs an email and a 6+ character password', () => {
    expect(firstMessages(LoginSchema.safeParse({}))).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
    expect(firstMessages(LoginSchema.safeParse({ email: 'a@b.co', password: 'abc' }))).toEqual({
      password: messages.passwordMin,
    });
  });
});
