import type { Handlers } from '../../http/context.js';
import type { MaterialsService } from '../../modules/materials/materials.service.js';

export function materialsHandlers(materials: MaterialsService): Handlers {
  return {
    selPlatData: (_in, ctx) => materials.platData(ctx.platId),
    selPlatMaterialList: (input, ctx) => materials.page(ctx.platId, input.materialClassifyId, input.phonePage),
  };
}
