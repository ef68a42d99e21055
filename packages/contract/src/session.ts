/**
 * The web app's session timing: the spec's identity constants (§9) applied to our own tokens
 * (docs/product.md, Constants). The access token itself lives 15 minutes (the API's config).
 */
export const sessionTiming = {
  /** The access token counts as expired this long before its expiry time. */
  expirySkewMs: 30_000,
  /** It is refreshed proactively this long before it expires. */
  refreshBeforeExpiryMs: 5 * 60_000,
  /** After a network failure the refresh is retried after 30 s, doubling each time… */
  retryBaseMs: 30_000,
  /** …up to 16 minutes. */
  retryMaxMs: 16 * 60_000,
} as const;

/** Delay before refresh retry number `attempt` (0, 1, 2, …) after network failures. */
export const refreshRetryDelayMs = (attempt: number) =>
  Math.min(sessionTiming.retryBaseMs * 2 ** attempt, sessionTiming.retryMaxMs);

/** Refresh tokens rotate on every use: tabs take this Web Lock so only one refreshes at a time. */
export const refreshLockName = 'recell-refresh';

/** The social sign-in popup window, in CSS pixels (docs/product.md, Constants). */
export const socialPopup = { width: 500, height: 600 } as const;

/**
 * What the web's /auth/complete page, opened as a social sign-in popup, tells the page that opened
 * it (by `postMessage`, or on this BroadcastChannel when the opener is out of reach).
 */
export const authResultMessageType = 'recell:auth';
export const authResultChannelName = 'recell-auth';
export type AuthResultMessage = {
  type: typeof authResultMessageType;
  status: 'ok' | 'error';
  /** True when the sign-in created the account. */
  isNew: boolean;
  /** Why it failed (status 'error'). */
  message: string;
};
