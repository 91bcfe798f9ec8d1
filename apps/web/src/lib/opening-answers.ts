import type { Operation } from '@shop/contract/operation';
import { session } from './session.js';

/**
 * Answers the entry asked for while a screen's code was still loading (app/opening-data.ts), for the screen's own
 * loader to take instead of asking again. Each is taken once: a later load (a retry, a revisit) asks the server.
 */
const offered = new Map<string, Promise<unknown>>();
const keyOf = (op: Operation, input: unknown) => `${op.path} ${JSON.stringify(input)}`;
// An answer belongs to the agent who asked: logout or an expired session drops what nobody took.
session.onReset(() => offered.clear());

export function offerOpening(op: Operation, input: unknown, answer: Promise<unknown>) {
  offered.set(keyOf(op, input), answer);
  answer.catch(() => undefined); // a failure is the taker's to show; untaken, it is nobody's
}

/** The early answer to exactly this request (same operation, same payload), or undefined. */
export function claimOpening<T>(op: Operation, input: unknown): Promise<T> | undefined {
  const key = keyOf(op, input);
  const answer = offered.get(key);
  offered.delete(key);
  return answer as Promise<T> | undefined;
}
