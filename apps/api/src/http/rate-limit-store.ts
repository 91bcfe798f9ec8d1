/**
 * A store for `@fastify/rate-limit` that counts in the database instead of each process's memory (ADR 0040): the
 * per-address limits hold across every process behind one address. The counting itself is handed in (http/ imports
 * no module): `hit` adds one to a fixed window and answers the count and the time left in it.
 */
export type RateHit = (key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>;

/** What the plugin hands `child`: the merged limit options with the route (its `routeInfo`). */
type ChildOptions = object & { routeInfo?: { method?: unknown; url?: unknown } };

export function sharedRateLimitStore(hit: RateHit) {
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    /** The plugin passes the route's window as a third argument (its typings list only two). */
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000) {
      hit(`${this.prefix}${key}`, timeWindow).then(
        (r) => callback(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => callback(err),
      );
    }

    /** Each limited route counts on its own, as the in-memory store did. */
    child(routeOptions: object) {
      const route = (routeOptions as ChildOptions).routeInfo;
      return new SharedRateLimitStore(undefined, `rl:${String(route?.method ?? '')}${String(route?.url ?? '')}:`);
    }
  };
}
