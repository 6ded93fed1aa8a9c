const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite alike. */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';

/** PostgreSQL's foreign_key_violation (23503): a referenced row went away meanwhile. */
export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === '23503';
