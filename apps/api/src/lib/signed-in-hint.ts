/**
 * The signed-in hint cookie's value (signed by the server; decisions 0048, 0078):
 * `<when the session ends, in seconds>.<its refresh-token family>`. The auth module writes it at
 * every sign-in and refresh; the web plugin reads it to render pages for someone signed in.
 */
export const signedInHintValue = (endSeconds: number, familyId: string) => `${endSeconds}.${familyId}`;

/**
 * What a hint's (already unsigned) value says: when its session ends and the session's family
 * (null in a hint set before hints named it). Null for a value no sign-in wrote.
 */
export const readSignedInHint = (value: string): { endsAtMs: number; familyId: string | null } | null => {
  const dot = value.indexOf('.');
  const end = dot === -1 ? value : value.slice(0, dot);
  if (!/^\d+$/.test(end)) return null;
  return { endsAtMs: Number(end) * 1000, familyId: dot === -1 ? null : value.slice(dot + 1) || null };
};
