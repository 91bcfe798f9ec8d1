import type * as z from 'zod/mini';
import { isSuccess, type Envelope } from '../envelope.js';
import type { Operation, OpInput } from '../operation.js';

/**
 * The one api client of the shop, its store and the staff console: the legacy wire (POST, form body `platId` + `in`
 * or multipart parts 0, 1, … beside them, the session token in a header, the envelope decoded) written once. What
 * differs between the apps is handed in (`ClientSetup`): where the token is read and in which header, the base path,
 * the time limit, a loading overlay, and what each failure does (a toast, a move to the login) and throws.
 * Browser only: the api never imports `client/`.
 */

/** A successful answer: the envelope's fields as the operation's output declares them, and its `msg`. */
export type Reply<O extends Operation> = z.output<O['output']> & { msg: string };

/** Why a call did not succeed, as the wire tells it; the app's `fail` turns it into the error the caller gets. */
export type Failure =
  /** No answer within the time limit, or no connection at all (ADR 0029 keeps the two apart). */
  | { kind: 'timeout' }
  | { kind: 'offline' }
  /**
   * An answer with a status outside 2xx, or a 2xx whose body is no envelope; the envelope (null when none) is read
   * only if the app asks (a 401 needs no body).
   */
  | { kind: 'status'; status: number; envelope: () => Promise<Envelope | null> }
  /** A 2xx envelope that is not SUCCESS: the server's refusal, its code and Chinese message. */
  | { kind: 'refused'; status: number; env: Envelope };

/** What every call may ask; an app adds its own options (a quiet call, a blocking one). */
export interface SendOptions {
  /** Cancels the request (a query that is no longer wanted): the caller gets the AbortError itself. */
  signal?: AbortSignal;
  /** This call's time limit, instead of the app's. */
  timeoutMs?: number;
}

export interface ClientSetup<Opts extends SendOptions> {
  /** Put before each operation's path (the apps are served beside the api: '' ). */
  base?: string;
  /** The `platId` field of the body. */
  platId: () => string;
  /** The session's token, read at each call; none when signed out. */
  token: () => string | null | undefined;
  /** The header the token goes in: `accessToken` (agent), `staffToken` (console), `consumerToken` (store, ADR 0038). */
  tokenHeader: string;
  /** How long a call waits for an answer. */
  timeoutMs: number;
  /** Called as the request leaves (a loading overlay); what it returns is called once it answered or failed. */
  busy?: (opts: Opts) => (() => void) | undefined;
  /** What a failure does in this app, and the error the call rejects with (`token` is the one the call carried). */
  fail: (failure: Failure, call: { op: Operation; opts: Opts; token: string | null | undefined }) => Error | Promise<Error>;
}

export interface ApiClient<Opts extends SendOptions> {
  /** A form call: `platId` and `in` (the payload as JSON). */
  call<O extends Operation>(op: O, payload: OpInput<O>, opts?: Opts): Promise<Reply<O>>;
  /** A multipart call (uploads): the files as parts named 0, 1, … beside `platId` and `in`. */
  upload<O extends Operation>(op: O, files: File[], payload: OpInput<O>, opts?: Opts): Promise<Reply<O>>;
}

export function createApiClient<Opts extends SendOptions = SendOptions>(setup: ClientSetup<Opts>): ApiClient<Opts> {
  async function send<O extends Operation>(op: O, body: BodyInit, headers: Record<string, string>, opts: Opts): Promise<Reply<O>> {
    const token = setup.token();
    if (token) headers[setup.tokenHeader] = token;
    const fail = async (failure: Failure): Promise<never> => {
      throw await setup.fail(failure, { op, opts, token });
    };
    const done = setup.busy?.(opts);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? setup.timeoutMs);
    let res: Response;
    try {
      const signal = opts.signal ? AbortSignal.any([timeout.signal, opts.signal]) : timeout.signal;
      res = await fetch((setup.base ?? '') + op.path, { method: 'POST', body, headers, signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      return fail({ kind: timeout.signal.aborted ? 'timeout' : 'offline' });
    } finally {
      clearTimeout(timer);
      done?.();
    }
    const { status } = res;
    const env = res.ok ? await readEnvelope(res) : null;
    if (!env?.errorType) return fail({ kind: 'status', status, envelope: () => readEnvelope(res) });
    return isSuccess(env) ? (env as unknown as Reply<O>) : fail({ kind: 'refused', status, env });
  }

  return {
    call(op, payload, opts = {} as Opts) {
      const body = new URLSearchParams({ platId: setup.platId(), in: JSON.stringify(payload ?? {}) });
      return send(op, body, { 'content-type': 'application/x-www-form-urlencoded' }, opts);
    },
    upload(op, files, payload, opts = {} as Opts) {
      const form = new FormData();
      form.set('platId', setup.platId());
      form.set('in', JSON.stringify(payload ?? {}));
      files.forEach((file, i) => form.set(String(i), file, file.name));
      return send(op, form, {}, opts);
    },
  };
}

/** The body as JSON, or null when it is none (an HTML error page, a cut answer, a body read already). */
const readEnvelope = (res: Response): Promise<Envelope | null> => res.json().catch(() => null);

/** A failed call of the shop or the console: the envelope's code (or TIMEOUT, OFFLINE, …), its message, the status. */
export class ApiError extends Error {
  // Declared, then assigned in the constructor (no parameter properties, no class fields): no defineProperty helper
  // in the shared chunk of the shop's first screens (ADR 0044, ADR 0046).
  declare readonly code: string;
  declare readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}
