import type * as contract from '@shop/contract';
import type { OpParsedInput, Operation, StaffRole } from '@shop/contract';
import type { UploadedFile } from '../lib/uploaded-file.js';

/** What a handler knows about the caller, beyond its validated payload. */
export interface CallContext {
  /** The session's agent; present for 'agent' operations, maybe for 'optional' ones. */
  agentId: number | null;
  /** Hash of the session's token: the agent's, or the staff member's for 'staff' operations. */
  tokenHash: string | null;
  /** The staff session's member and role; present for 'staff' operations only (never together with agentId). */
  staffId: number | null;
  staffRole: StaffRole | null;
  /** The store consumer of a 'consumer' operation (ADR 0038); absent or null otherwise. */
  consumerId?: number | null;
  /** The session's platform when logged in, else the body's platId, else the configured default. */
  platId: string;
  ip: string;
  /** `https://host` the request was made to (for the JS-SDK signature origin check). */
  origin: string;
  /** The caller's User-Agent header (the staff login log, ADR 0033); '' when none. */
  userAgent?: string;
  /** Files of a multipart call, in the order of their field names 0, 1, ... (checked by the handler). */
  files: UploadedFile[];
}

export type { UploadedFile } from '../lib/uploaded-file.js';

/** What a handler answers: obj / objs / extra envelope fields, and an optional msg. */
export type Reply = Record<string, unknown> & { msg?: string };

/** An operation handler: validated input in, the reply object out. */
export type Handler = (input: any, ctx: CallContext) => Promise<Reply>;

type Contract = typeof contract;
/** The contract's operations by their export name (which is their `name`: see the contract test). */
export type OpName = { [K in keyof Contract]: Contract[K] extends Operation ? K : never }[keyof Contract];

/** A handler for each named operation, its input typed by the operation's schema output. */
export type OpHandlers = { [K in OpName]: (input: OpParsedInput<Contract[K]>, ctx: CallContext) => Promise<Reply> };

/** One module's handlers: a typo in a name or a wrongly typed input is a compile error. */
export type Handlers = Partial<OpHandlers>;

/** A staff operation's context: the operation routes have resolved the member and checked the permission table. */
export type Staffed = CallContext & { staffId: number; staffRole: StaffRole };

/** Wraps a staff handler with its narrowed context (the role check itself is the routes', ADR 0020). */
export function staffed<I>(handler: (input: I, ctx: Staffed) => Promise<Reply>): (input: I, ctx: CallContext) => Promise<Reply> {
  return (input, ctx) => {
    if (ctx.staffId === null || !ctx.staffRole) throw new Error('staff handler called without a staff session');
    return handler(input, { ...ctx, staffId: ctx.staffId, staffRole: ctx.staffRole });
  };
}
