import { TransactionBuilder, type Kysely, type Transaction } from 'kysely';

/** What was registered in a transaction to run once it committed (ADR 0039: metrics count only committed money). */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` after the transaction `trx` commits; never if it rolls back. A `trx` that did not come from a wrapped
 * `transaction()` (see withAfterCommit) runs `fn` at once. `fn` must not throw or do I/O (it counts, ADR 0039).
 */
export function afterCommit(trx: Transaction<never> | object, fn: () => void): void {
  const hooks = pending.get(trx);
  if (hooks) hooks.push(fn);
  else fn();
}

/** Makes `kysely.transaction()` collect afterCommit hooks and run them once the transaction's callback committed. */
export function withAfterCommit<DB>(kysely: Kysely<DB>): Kysely<DB> {
  const begin = kysely.transaction.bind(kysely);
  const wrap = (builder: TransactionBuilder<DB>): TransactionBuilder<DB> =>
    new Proxy(builder, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'execute') {
          return async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
            const hooks: (() => void)[] = [];
            const result = await target.execute((trx) => {
              pending.set(trx, hooks);
              return callback(trx);
            });
            for (const hook of hooks) hook();
            return result;
          };
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out instanceof TransactionBuilder ? wrap(out as TransactionBuilder<DB>) : out;
        };
      },
    });
  Object.defineProperty(kysely, 'transaction', { value: () => wrap(begin()), configurable: true });
  return kysely;
}
