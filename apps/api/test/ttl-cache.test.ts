import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/ttl-cache.js';

/** ADR 0008 caches, ADR 0051: a hot entry that expires under many connections is read again once, not once per caller. */
describe('TtlCache.getOrLoad', () => {
  const gate = <T>() => {
    let open!: (value: T) => void;
    let fail!: (err: unknown) => void;
    const promise = new Promise<T>((resolve, reject) => ((open = resolve), (fail = reject)));
    return { promise, open, fail };
  };

  it('shares one load between the callers that miss while it runs, then answers from the cache', async () => {
    const cache = new TtlCache<string, { page: number }>(60_000);
    const g = gate<{ page: number }>();
    let loads = 0;
    const load = () => (loads++, g.promise);
    const waiting = Promise.all(Array.from({ length: 50 }, () => cache.getOrLoad('zone:1', load)));
    g.open({ page: 1 });
    const answers = await waiting;
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.getOrLoad('zone:1', load)).toBe(answers[0]);
    expect(loads).toBe(1);
  });

  it('keeps no failed load: every waiting caller gets the error, the next caller loads again', async () => {
    const cache = new TtlCache<string, number>(60_000);
    const g = gate<number>();
    const first = Promise.allSettled([cache.getOrLoad('k', () => g.promise), cache.getOrLoad('k', () => Promise.resolve(2))]);
    g.fail(new Error('database gone'));
    expect((await first).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.getOrLoad('k', () => Promise.resolve(3))).toBe(3);
  });

  it('does not refill an entry dropped while its load ran: a caller after the drop reads anew', async () => {
    const cache = new TtlCache<string, string>(60_000);
    const stale = gate<string>();
    const before = cache.getOrLoad('viewer:7', () => stale.promise);
    cache.delete('viewer:7');
    const after = cache.getOrLoad('viewer:7', () => Promise.resolve('new grade'));
    stale.open('old grade');
    expect(await before).toBe('old grade');
    expect(await after).toBe('new grade');
    expect(cache.get('viewer:7')).toBe('new grade');
  });

  it('does not refill from a load under way when entries are dropped by match (a session ended by an announcement)', async () => {
    const cache = new TtlCache<string, { agentId: number }>(60_000);
    const racing = gate<{ agentId: number }>();
    const read = cache.getOrLoad('token-a', () => racing.promise);
    cache.deleteWhere((s) => s.agentId === 7);
    racing.open({ agentId: 7 });
    expect(await read).toEqual({ agentId: 7 });
    expect(cache.get('token-a')).toBeUndefined();
  });
});
