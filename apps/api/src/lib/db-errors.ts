/**
 * The insert or update broke a unique index or primary key: Postgres 23505, better-sqlite3's SQLITE_CONSTRAINT_UNIQUE
 * (or _PRIMARYKEY). Callers turn it into the answer of the race they lost (a second sign-in the same day, a taken
 * username, a claimed idempotency key, a second open payment).
 */
export const isUniqueViolation = (err: unknown): boolean =>
  ['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(String((err as { code?: unknown } | null)?.code));
