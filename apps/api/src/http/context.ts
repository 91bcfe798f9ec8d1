import type { StaffRole } from '@shop/contract';

/** What a handler knows about the caller, beyond its validated payload. */
export interface CallContext {
  /** The session's agent; present for 'agent' operations, maybe for 'optional' ones. */
  agentId: number | null;
  /** Hash of the session's token: the agent's, or the staff member's for 'staff' operations. */
  tokenHash: string | null;
  /** The staff session's member and role; present for 'staff' operations only (never together with agentId). */
  staffId: number | null;
  staffRole: StaffRole | null;
  /** The session's platform when logged in, else the body's platId, else the configured default. */
  platId: string;
  ip: string;
  /** `https://host` the request was made to (for the JS-SDK signature origin check). */
  origin: string;
  /** Files of a multipart call, in the order of their field names 0, 1, ... (checked by the handler). */
  files: UploadedFile[];
}

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** An operation handler: validated input in, the reply object (obj / objs / extra fields, optional msg) out. */
export type Handler = (input: any, ctx: CallContext) => Promise<Record<string, unknown> & { msg?: string }>;
export type Handlers = Record<string, Handler>;
