import { staffed, type Handlers, type Staffed } from '../../http/context.js';
import type { MaterialsAdmin } from '../../modules/materials/materials-editor.service.js';

/** The material centre in the staff console (ADR 0022). */
export function materialsAdminHandlers(materials: MaterialsAdmin, nameOf: (staffId: number) => Promise<string>): Handlers {
  const actor = async (ctx: Staffed) => ({ platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip });
  return {
    selectMaterialClassifiesAdmin: staffed((_in, ctx) => materials.classifies(ctx.platId)),
    saveMaterialClassify: staffed(async (input, ctx) => materials.saveClassify(await actor(ctx), input)),
    selectMaterialsAdmin: staffed((input, ctx) => materials.page(ctx.platId, input.classifyId ?? null, input.phonePage)),
    saveMaterial: staffed(async (input, ctx) => materials.save(await actor(ctx), input)),
  };
}
