// Counts what the server sends to the database while a bench runs: on PostgreSQL every `pg` client query is one
// round trip (BEGIN and COMMIT included; the driver does not pipeline), on SQLite every statement executed (in
// process, no round trip). Installed before the app opens its database; `take()` answers the count since the last.
import pg from 'pg';
import SQLite from 'better-sqlite3';

let count = 0;
let installed = false;
// BENCH_SQL_TRACE=1 prints every statement counted (to see what a path sends).
const trace = process.env.BENCH_SQL_TRACE === '1';

export function installSqlCounter() {
  if (installed) return;
  installed = true;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    count++;
    if (trace) console.log('SQL', typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text);
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'run' | 'get' | 'all' | 'iterate', (...a: unknown[]) => unknown>;
  probe.close();
  for (const name of ['run', 'get', 'all', 'iterate'] as const) {
    const original = statement[name];
    statement[name] = function (this: unknown, ...args: unknown[]) {
      count++;
      if (trace) console.log('SQL', (this as { source?: string }).source);
      return original.apply(this, args);
    };
  }
}

export function takeSqlCount(): number {
  const n = count;
  count = 0;
  return n;
}
