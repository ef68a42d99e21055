/**
 * Where the app may send a person after signing in (`next`): a path on this site only, never
 * another site. Browsers and the URL standard drop tabs and newlines and read a backslash as a
 * slash, so `/%09/evil.example`, `/\evil` or `/%5C%5Cevil` can turn into `//evil…` somewhere
 * along the way; anything that looks like that is refused rather than cleaned up.
 */

export const nextPathMaxLength = 2048;

const sameSiteBase = 'https://x.invalid';
// The WHATWG URL parser browsers and Node share (the contract compiles without DOM or Node types).
const { URL: WhatwgUrl } = globalThis as unknown as { URL: new (input: string, base: string) => { origin: string } };
/** C0 and C1 control characters and DEL. */
const hasControlCharacter = (value: string) =>
  [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
const whitespace = /\s/;
/** Percent-decoding rounds before giving up: a path encoded more deeply than that is not ours. */
const maxDecodeRounds = 3;

const fullyDecoded = (value: string): string | null => {
  let current = value;
  for (let round = 0; round < maxDecodeRounds; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null; // malformed percent-encoding
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
};

/** Starts with a single '/', never '//' or '/\', and stays on the base origin when resolved. */
const isSameSitePath = (path: string) => {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    return new WhatwgUrl(path, sameSiteBase).origin === sameSiteBase;
  } catch {
    return false;
  }
};

/**
 * `input` when it is a same-site absolute path ('/…', with its query and hash), else null.
 * Refused: anything but a string; longer than `nextPathMaxLength`; a control character, whitespace
 * or a backslash anywhere; a scheme or a host (`//…`, `/\…`); and the same again once
 * percent-decoding is undone (where whitespace only counts before the query, so `?q=iphone%2013`
 * is fine).
 */
export function safeNextPath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > nextPathMaxLength) return null;
  if (hasControlCharacter(input) || whitespace.test(input) || input.includes('\\')) return null;
  if (!isSameSitePath(input)) return null;

  const decoded = fullyDecoded(input);
  if (decoded === null || hasControlCharacter(decoded)) return null;
  const decodedPath = decoded.split(/[?#]/, 1)[0] ?? '';
  if (whitespace.test(decodedPath) || decodedPath.includes('\\') || !isSameSitePath(decodedPath)) return null;
  return input;
}
