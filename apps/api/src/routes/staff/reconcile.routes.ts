import type { ReconcileDiffs } from '../../flows/payment/reconcile-diffs.js';
import { staffed, type Handlers } from '../../http/context.js';

/** The 对账差异 queue (ADR 0032): finance and admin only (staff-permissions.ts). */
export function reconcileHandlers(diffs: ReconcileDiffs): Handlers {
  return {
    selectReconcileDiffs: staffed((input, ctx) => diffs.list(ctx, input)),
    runReconcile: staffed((input, ctx) => diffs.run(ctx, input)),
    resolveReconcileDiff: staffed((input, ctx) => diffs.resolve(ctx, input)),
  };
}
