/** The one error shape every API failure uses. */
export const errorCodes = [
  'validation',
  'unauthorized',
  'forbidden',
  /** A signed-in account whose email address is not confirmed yet tried to trade (book, pay, list, message). */
  'email_unconfirmed',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'payment_failed',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const statusOfErrorCode: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  email_unconfirmed: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The card processor refused the card (declined, expired, wrong CVC …); nothing was charged. */
  payment_failed: 402,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};
