/**
 * An id list cut into pieces a single statement can bind: PostgreSQL takes at most 65,535 parameters and SQLite
 * 32,766, and a network of agents (performance, ADR 0041) can be larger than either.
 */
export const ID_CHUNK = 5_000;

export function idChunks<T>(ids: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
