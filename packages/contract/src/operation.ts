import type * as z from 'zod/mini';
// Installs the Chinese error map wherever an operation is defined (ADR 0002).
import './error-map.js';

/**
 * Who may call an operation: anyone, only a logged-in agent, or both (the handler decides); 'staff' is a logged-in
 * platform staff member (header `staffToken`, never an agent's accessToken); 'consumer' is a store's shopper who is not
 * an agent (header `consumerToken`, from the WeChat OAuth code, ADR 0038).
 */
export type Auth = 'public' | 'agent' | 'optional' | 'staff' | 'consumer';

/** How the body arrives: the legacy default is form-encoded `platId` + `in` (JSON string). */
export type BodyKind = 'form' | 'json' | 'multipart';

export interface Operation<I extends z.ZodMiniType = z.ZodMiniType, O extends z.ZodMiniType = z.ZodMiniType> {
  name: string;
  path: string;
  auth: Auth;
  body: BodyKind;
  /** Payload schema; its messages are the spec's wording. */
  input: I;
  /** Schema of what the handler answers: `obj`, `objs`, `phonePage` and any extra envelope field. */
  output: O;
  /** The `msg` of a successful answer. */
  successMsg: string;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineOp<I extends z.ZodMiniType, O extends z.ZodMiniType>(
  op: Omit<Operation<I, O>, 'body' | 'successMsg'> & Partial<Pick<Operation<I, O>, 'body' | 'successMsg'>>,
): Operation<I, O> {
  return { body: 'form', successMsg: '操作成功', ...op };
}

export type OpInput<T> = T extends Operation<infer I, z.ZodMiniType> ? z.input<I> : never;
export type OpParsedInput<T> = T extends Operation<infer I, z.ZodMiniType> ? z.output<I> : never;
export type OpOutput<T> = T extends Operation<z.ZodMiniType, infer O> ? z.input<O> : never;
