/**
 * Concurrent calls under one key share the first call's promise until it settles; nothing is kept after it (no
 * cache). A caller that joins gets the answer of a read that began a moment before it asked (ADR 0045: the monthly
 * performance of a large network, which twenty open screens of one leader would otherwise compute twenty times).
 */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const now = running.get(key);
    if (now) return now;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
