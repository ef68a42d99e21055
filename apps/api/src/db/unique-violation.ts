/** True for PostgreSQL's unique_violation of `constraint`; drizzle wraps the driver error in `cause`. */
export const isUniqueViolationOf = (error: unknown, constraint: string): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    // PGlite and node-postgres both name the index; a missing name still means this insert's index.
    if (code === '23505') return name === undefined || name === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** True for PostgreSQL's unique_violation of any constraint. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
