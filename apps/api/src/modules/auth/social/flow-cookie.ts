/**
 * The sign-in flow cookie: what the callback must match (state, PKCE verifier, nonce) and where to
 * go afterwards, sealed (encrypted and authenticated, JWE dir + A256GCM) with a key derived from
 * the server secret, so the browser can neither read the verifier nor forge a flow. It lives ten
 * minutes, is httpOnly and SameSite=Lax (the provider's redirect back is a top-level GET) and is
 * scoped to /api/auth. No server-side state: any replica can finish a flow another one started.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';
import { socialProviders } from '@recell/contract';

export const flowCookieName = 'recell_social_flow';
export const flowCookiePath = '/api/auth';
export const flowTtlSeconds = 10 * 60;

export const signInModes = ['popup', 'redirect'] as const;
export type SignInMode = (typeof signInModes)[number];

const FlowSchema = z.object({
  provider: z.enum(socialProviders),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1).optional(),
  next: z.string(),
  mode: z.enum(signInModes),
});
export type SignInFlow = z.infer<typeof FlowSchema>;

/** A key of its own for this cookie, so it can never be confused with a token signed by the same secret. */
export const deriveFlowKey = (secret: string | Uint8Array): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, 'recell', 'social sign-in flow cookie v1', 32));

export const sealFlow = (flow: SignInFlow, key: Uint8Array): Promise<string> =>
  new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${flowTtlSeconds}s`)
    .encrypt(key);

/** The flow, or undefined when the cookie is missing, expired, tampered with or made with another key. */
export const openFlow = async (sealed: string | undefined, key: Uint8Array): Promise<SignInFlow | undefined> => {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const parsed = FlowSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};
