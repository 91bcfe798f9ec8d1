import type { ReconcileDiffs } from '../../flows/payment/reconcile-diffs.js';
import { staffed, type Handlers } from '../../http/context.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The 对账差异 queue (ADR 0032): finance and admin only (staff-permissions.ts). */
export function reconcileHandlers(diffs: ReconcileDiffs, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectReconcileDiffs: staffed(async (input, ctx) => diffs.list(await actor(ctx), input)),
    runReconcile: staffed(async (input, ctx) => diffs.run(await actor(ctx), input)),
    resolveReconcileDiff: staffed(async (input, ctx) => diffs.resolve(await actor(ctx), input)),
  };
}
