import type { PayoutImport } from '../../flows/payout-batch.js';
import { staffed, type Handlers } from '../../http/context.js';
import type { MoneyHistory } from '../../modules/staff/money-history.service.js';
import { readPayoutFile } from '../../modules/staff/payout-file.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** ADR 0030: the money history lists and exports (reads), the batch payout's bank files (the import writes through the withdrawal flow). */
export function moneyHistoryHandlers(history: MoneyHistory, payouts: PayoutImport, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectMoneyHistory: staffed((input, ctx) => history.list(ctx, input)),
    exportMoneyHistory: staffed((input, ctx) => history.export(ctx, input)),
    exportPayoutBatch: staffed((input, ctx) => history.payoutBatch(ctx, input.ids)),
    importPayoutResults: staffed(async (_in, ctx) => {
      const rows = await readPayoutFile(ctx.files.find((f) => f.field === '0'));
      return payouts.importResults(await actor(ctx), rows);
    }),
  };
}
