import type { PayoutImport } from '../../flows/payout-batch.js';
import { staffed, type Handlers } from '../../http/context.js';
import type { MoneyHistory } from '../../modules/staff/money-history.service.js';
import { readPayoutFile } from '../../modules/staff/payout-file.js';
import type { StaffFunds } from '../../modules/staff/staff-funds.service.js';

/** ADR 0030: the money history lists and exports (reads), the batch payout's bank files (the import writes through the withdrawal flow). */
export function moneyHistoryHandlers(history: MoneyHistory, staff: StaffFunds, payouts: PayoutImport): Handlers {
  return {
    selectMoneyHistory: staffed((input, ctx) => history.list(ctx, input)),
    exportMoneyHistory: staffed((input, ctx) => history.export(ctx, input)),
    exportPayoutBatch: staffed((input, ctx) => history.payoutBatch(ctx, input.ids)),
    importPayoutResults: staffed(async (_in, ctx) => {
      const rows = await readPayoutFile(ctx.files.find((f) => f.field === '0'));
      const actor = await staff.actor({ platId: ctx.platId, staffId: ctx.staffId, role: ctx.staffRole, ip: ctx.ip });
      return payouts.importResults(actor, rows);
    }),
  };
}
