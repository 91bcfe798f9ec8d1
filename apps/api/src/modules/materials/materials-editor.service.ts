import { chinaTimeText, CONTENT_CONSOLE_MESSAGES as M, type saveMaterial, type saveMaterialClassify } from '@shop/contract';
import type { OpParsedInput } from '@shop/contract/operation';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import * as repo from './materials-editor.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

type Page = { pageNum: number; pageSize: number };
const split = (urls: string) => urls.split(',').map((u) => u.trim()).filter(Boolean);

/** The material centre in the staff console: classifications, text, images, a video with its poster (spec 3 §2). */
export function createMaterialsAdmin({ db, clock }: Deps) {
  const k = db.kysely;
  const audit = (a: StaffActor, operation: string, targetKind: string, targetId: number, before: unknown, after: unknown, detail: string) => ({
    platId: a.platId,
    staffId: a.staffId,
    staffName: a.staffName,
    role: a.role,
    operation,
    targetKind,
    targetId,
    before: before ? JSON.stringify(before) : '',
    after: JSON.stringify(after),
    detail,
    ip: a.ip,
    at: iso(clock.now()),
  });

  return {
    async classifies(platId: string) {
      const rows = await repo.classifiesWithCounts(k, platId);
      return { objs: rows.map((c) => ({ id: Number(c.id), classifyName: c.classify_name, sort: Number(c.sort), materialCount: Number(c.n) })) };
    },

    async saveClassify(a: StaffActor, input: OpParsedInput<typeof saveMaterialClassify>) {
      const v = { classify_name: input.classifyName, sort: input.sort };
      const id = await k.transaction().execute(async (trx) => {
        if (!input.id) {
          const id = await repo.insertClassify(trx, a.platId, v);
          await recordAudit(trx, audit(a, 'saveMaterialClassify', 'material_classify', id, null, v, '新增素材分类'));
          return id;
        }
        const before = await repo.findClassify(trx, a.platId, input.id);
        if (!before) throw new AppError('VALIDATION', M.classifyNotFound);
        await repo.updateClassify(trx, a.platId, input.id, v);
        await recordAudit(trx, audit(a, 'saveMaterialClassify', 'material_classify', input.id, before, v, '修改素材分类'));
        return input.id;
      });
      return { obj: { id } };
    },

    async page(platId: string, classifyId: number | null, page: Page) {
      const { rows, total } = await repo.pageMaterialsAdmin(k, platId, classifyId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const objs = rows.map((m) => {
        const video = Number(m.material_type) === 1;
        const files = split(m.file_urls);
        return {
          id: Number(m.id),
          classifyId: Number(m.classify_id),
          classifyName: m.classify_name,
          materialType: Number(m.material_type),
          materialContent: m.material_content,
          images: video ? [] : files,
          videoUrl: video ? (files[0] ?? '') : '',
          posterUrl: video ? m.video_picture_url : '',
          createDate: chinaTimeText(m.created_at),
        };
      });
      return { objs, obj: { phonePage: { ...page, pageTotal: Math.ceil(total / page.pageSize) }, total } };
    },

    async save(a: StaffActor, input: OpParsedInput<typeof saveMaterial>) {
      const video = input.materialType === 1;
      const v = {
        classify_id: input.classifyId,
        material_type: input.materialType,
        material_content: input.materialContent,
        file_urls: video ? (input.videoUrl ?? '') : input.images.join(','),
        video_picture_url: video ? (input.posterUrl ?? '') : '',
      };
      const id = await k.transaction().execute(async (trx) => {
        if (!(await repo.findClassify(trx, a.platId, input.classifyId))) throw new AppError('VALIDATION', M.classifyNotFound);
        if (!input.id) {
          const id = await repo.insertMaterial(trx, a.platId, iso(clock.now()), v);
          await recordAudit(trx, audit(a, 'saveMaterial', 'material', id, null, v, '新增素材'));
          return id;
        }
        const before = await repo.findMaterial(trx, a.platId, input.id);
        if (!before) throw new AppError('VALIDATION', M.materialNotFound);
        await repo.updateMaterial(trx, a.platId, input.id, v);
        await recordAudit(trx, audit(a, 'saveMaterial', 'material', input.id, before, v, '修改素材'));
        return input.id;
      });
      return { obj: { id } };
    },
  };
}
export type MaterialsAdmin = ReturnType<typeof createMaterialsAdmin>;
