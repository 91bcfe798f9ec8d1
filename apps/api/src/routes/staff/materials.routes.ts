import { staffed, type Handlers } from '../../http/context.js';
import type { MaterialsAdmin } from '../../modules/materials/materials-editor.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The material centre in the staff console (ADR 0022). */
export function materialsAdminHandlers(materials: MaterialsAdmin, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectMaterialClassifiesAdmin: staffed((_in, ctx) => materials.classifies(ctx.platId)),
    saveMaterialClassify: staffed(async (input, ctx) => materials.saveClassify(await actor(ctx), input)),
    selectMaterialsAdmin: staffed((input, ctx) => materials.page(ctx.platId, input.classifyId ?? null, input.phonePage)),
    saveMaterial: staffed(async (input, ctx) => materials.save(await actor(ctx), input)),
  };
}
