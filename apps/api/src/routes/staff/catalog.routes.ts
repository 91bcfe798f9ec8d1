import { staffed, type Handlers } from '../../http/context.js';
import type { CatalogAdmin } from '../../modules/catalog/product-editor.service.js';
import type { StockAdmin } from '../../modules/catalog/stock-adjust.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** Products, specs, stock and gifts in the staff console (ADR 0021). */
export function catalogAdminHandlers(catalog: CatalogAdmin, stock: StockAdmin, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
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
