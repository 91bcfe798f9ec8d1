import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The request a line is written for: every line logged while answering it carries its id (ARCHITECTURE, Observable). */
const scope = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and all it awaits) as part of request `reqId`. */
export const inRequest = (reqId: string, fn: () => void) => scope.run({ reqId }, fn);

/**
 * The one logger of a process (Deps.log): pino JSON on stdout, buffered, tokens redacted, the request id mixed in.
 * `enabled: false` for tests and benches, whose output is the test report; `destination` for a test that reads the lines.
 */
export function createLogger(opts: { enabled?: boolean; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      enabled: opts.enabled ?? true,
      // A copy: pino merges a line's fields into what mixin returns, which must not leak into the request's next line.
      mixin: () => ({ ...scope.getStore() }),
      redact: ['req.headers.accesstoken', 'req.headers.stafftoken', 'req.headers.cookie', 'req.headers.authorization'],
    },
    opts.destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
