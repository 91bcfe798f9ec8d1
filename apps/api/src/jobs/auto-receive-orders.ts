import type { Deps } from '../deps.js';
import { autoReceiveOrders as receiveDue } from '../flows/auto-receive.js';

/**
 * ADR 0027: shipped orders not confirmed within the order rules' days after shipping (default 10) are received
 * automatically, once, whichever process runs it; the release-income job then releases their income as usual.
 */
export function autoReceiveOrders(deps: Deps, now: Date): Promise<number> {
  return receiveDue(deps, now);
}
