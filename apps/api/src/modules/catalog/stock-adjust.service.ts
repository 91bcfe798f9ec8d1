import { CATALOG_CONSOLE_MESSAGES as M, chinaTimeText, type adjustStock, type OpParsedInput } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './product-editor.repository.js';
import { pageOf, refuse } from './product-editor.service.js';
import type { StaffActor } from '../staff/staff.queries.js';

/** Stock changes by staff (ADR 0021): recorded deltas, never an overwrite, audited. */
export function createStockAdmin({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    /** A recorded delta, applied by a conditional update: it cannot race with orders placing (they take stock the same way). */
    async adjustStock(actor: StaffActor, input: OpParsedInput<typeof adjustStock>) {
      const at = iso(clock.now());
      return k.transaction().execute(async (trx) => {
        const spec = await repo.findSpec(trx, actor.platId, input.singleProdId);
        if (!spec) throw new AppError('PRODUCT_NOT_FOUND', M.specNotFound);
        const after = await repo.applyStockDelta(trx, input.singleProdId, input.delta);
        if (after === null) refuse(M.stockTooLow);
        const stock = after as number;
        await repo.insertStockChange(trx, { ...actor, singleProdId: input.singleProdId, delta: input.delta, stockAfter: stock, reason: input.reason, at });
        await recordAudit(trx, {
          ...actor,
          operation: 'adjustStock',
          targetKind: 'spec',
          targetId: input.singleProdId,
          before: `库存${stock - input.delta}`,
          after: `库存${stock}`,
          reason: input.reason,
          detail: `${spec.prod_name} ${spec.spec_disp_str}：${input.delta > 0 ? '+' : ''}${input.delta}`,
          at,
        });
        return { obj: { singleProdId: input.singleProdId, stockBefore: stock - input.delta, stock } };
      });
    },

    async stockChanges(platId: string, singleProdId: number, page: { pageSize: number; pageNum: number }) {
      if (!(await repo.findSpec(k, platId, singleProdId))) throw new AppError('PRODUCT_NOT_FOUND', M.specNotFound);
      const total = await repo.countStockChanges(k, singleProdId);
      const rows = await repo.pageStockChanges(k, singleProdId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          delta: r.delta,
          stockAfter: r.stock_after,
          reason: r.reason,
          staffName: r.staff_name,
          createdAt: chinaTimeText(r.created_at),
        })),
        obj: pageOf(page, total),
      };
    },

  };
}
export type StockAdmin = ReturnType<typeof createStockAdmin>;
