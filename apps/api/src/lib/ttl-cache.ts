/**
 * A small in-process cache whose entries live `ttlMs` of real time. Each server process has its own: what it holds
 * may be up to `ttlMs` old in another process (ADR 0008 says which reads may be).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Loads under way (getOrLoad): callers that miss meanwhile share them instead of each reading the same again. */
  private readonly loading = new Map<K, Promise<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): V {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  /**
   * The cached value, else one load shared by every caller that misses while it runs (ADR 0051: when a hot entry
   * expires under 50 connections, one read refills it, not 50). A failed load is not kept; the next caller loads again.
   * An entry dropped (delete, deleteWhere, clear) while its load runs is not refilled by that load.
   */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.loading.get(key);
    if (running) return running;
    const started = load().then(
      (value) => {
        if (this.loading.get(key) !== started) return value;
        this.loading.delete(key);
        return this.set(key, value);
      },
      (err: unknown) => {
        if (this.loading.get(key) === started) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, started);
    return started;
  }

  delete(key: K) {
    this.entries.delete(key);
    this.loading.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one agent), and every load under way. */
  deleteWhere(match: (value: V) => boolean) {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
    this.loading.clear();
  }

  clear() {
    this.entries.clear();
    this.loading.clear();
  }
}
