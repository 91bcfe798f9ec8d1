import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import type { CatalogActor, CatalogAdmin } from '../../modules/catalog/product-editor.service.js';
import type { StockAdmin } from '../../modules/catalog/stock-adjust.service.js';

/** Products, specs, stock and gifts in the staff console (ADR 0021). */
export function catalogAdminHandlers(catalog: CatalogAdmin, stock: StockAdmin, nameOf: (staffId: number) => Promise<string>): Handlers {
  const actor = async (ctx: Staffed): Promise<CatalogActor> => ({
    platId: ctx.platId,
    staffId: ctx.staffId,
    staffName: await nameOf(ctx.staffId),
    role: ctx.staffRole,
    ip: ctx.ip,
  });
  return {
    selectProductsAdmin: staffed((input, ctx) => catalog.search(ctx.platId, input)),
    selectProductAdmin: staffed((input, ctx) => catalog.detail(ctx.platId, input.prodId)),
    saveProduct: staffed(async (input, ctx) => catalog.saveProduct(await actor(ctx), input)),
    saveProductSpec: staffed(async (input, ctx) => catalog.saveSpec(await actor(ctx), input)),
    adjustStock: staffed(async (input, ctx) => stock.adjustStock(await actor(ctx), input)),
    selectStockChanges: staffed((input, ctx) => stock.stockChanges(ctx.platId, input.singleProdId, input.phonePage)),
    saveSpecGifts: staffed(async (input, ctx) => catalog.saveGifts(await actor(ctx), input)),
  };
}
