import { chinaTimeText } from '@shop/contract';
import type { Deps } from '../../deps.js';
import * as repo from './materials.repository.js';

const split = (urls: string) => urls.split(',').map((u) => u.trim()).filter(Boolean);

/** The material centre (spec 3 §2 /source): store data, tabs by classification, paged materials newest first. */
export function createMaterialsService({ db }: Deps) {
  const k = db.kysely;
  return {
    async platData(platId: string) {
      const [store, tabs] = await Promise.all([repo.findStore(k, platId), repo.classifies(k, platId)]);
      return {
        obj: { storeName: store?.store_name ?? '', storeImgUrl: store?.store_img_url ?? '' },
        ortherList: tabs.map((t) => ({ classifyId: Number(t.id), classifyName: t.classify_name })),
      };
    },

    /** A classification of another platform simply has no materials here. */
    async page(platId: string, classifyId: number, page: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.pageMaterials(k, platId, classifyId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((m) => {
          const files = split(m.file_urls);
          return {
            id: Number(m.id),
            materialContent: m.material_content,
            materialType: m.material_type,
            materialFileUrl: files[0] ?? '',
            materialFileUrlArr: files,
            videoPictureUrl: m.video_picture_url,
            createDate: chinaTimeText(m.created_at),
          };
        }),
        phonePage: { ...page, pageTotal: Math.ceil(total / page.pageSize) },
      };
    },
  };
}
export type MaterialsService = ReturnType<typeof createMaterialsService>;
