import type pg from 'pg';

export interface PgListener {
  /** The LISTEN connection while it is up (it may also send), or null between a drop and its reconnection. */
  client(): pg.Client | null;
  close(): Promise<void>;
}

/**
 * One process's own LISTEN connection on `channel`, reconnected with back-off (0.5 s doubling to 10 s) when it drops;
 * notifications sent meanwhile are lost, so each user of it says what bounds that (ADR 0040: the 5 s session cache;
 * the chat pages read history). `onPayload` gets each payload that parses as JSON.
 */
export async function pgListen(url: string, channel: string, onPayload: (value: unknown) => void, log: (message: string) => void, what: string): Promise<PgListener> {
  const { Client } = (await import('pg')).default;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;

  const listen = async () => {
    const c = new Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      let value: unknown;
      try {
        value = JSON.parse(n.payload);
      } catch {
        return; // not ours
      }
      onPayload(value);
    });
    c.on('error', (err) => {
      log(`${what} listen connection lost: ${err.message}`);
      again();
    });
    c.on('end', () => again());
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    delay = 500;
  };
  const again = () => {
    if (closed || retry) return;
    client = null;
    retry = setTimeout(() => {
      retry = null;
      listen().catch((err) => {
        log(`${what} listen reconnect failed: ${String(err)}`);
        delay = Math.min(delay * 2, 10_000);
        again();
      });
    }, delay);
    retry.unref();
  };

  await listen();
  return {
    client: () => client,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
