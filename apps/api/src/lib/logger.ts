import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

/** The request a line is written for: every line logged while answering it carries its id (ARCHITECTURE, Observable). */
const scope = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and all it awaits) as part of request `reqId`. */
export const inRequest = (reqId: string, fn: () => void) => scope.run({ reqId }, fn);

/**
 * The one logger of a process (Deps.log): pino JSON on stdout, buffered, tokens redacted, the request id mixed in.
 * `enabled: false` for tests and benches, whose output is the test report.
 */
export function createLogger(opts: { enabled?: boolean } = {}): Logger {
  return pino(
    {
      enabled: opts.enabled ?? true,
      mixin: () => scope.getStore() ?? {},
      redact: ['req.headers.accesstoken', 'req.headers.stafftoken', 'req.headers.cookie', 'req.headers.authorization'],
    },
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
