/**
 * A small in-process cache whose entries live `ttlMs` of real time. Each server process has its own: what it holds
 * may be up to `ttlMs` old in another process (ADR 0008 says which reads may be).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
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

  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    return hit !== undefined ? hit : this.set(key, await load());
  }

  delete(key: K) {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one agent). */
  deleteWhere(match: (value: V) => boolean) {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
