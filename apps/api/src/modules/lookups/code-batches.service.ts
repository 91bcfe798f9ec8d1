import {
  CODE_BATCH_INLINE_MAX,
  CODE_SHEET_MAX,
  CODES_MESSAGES as M,
  chinaTimeText,
  type generateCodeBatch,
  type assignTraceCodes,
  type OpParsedInput,
} from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import { agentOfPlatform } from '../agent/agent.queries.js';
import { specOptionsOf } from '../catalog/catalog.queries.js';
import { makeCodes } from './code-maker.js';
import { codesCsv, codesPdf } from './code-sheets.js';
import * as repo from './code-batches.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

/** A batch larger than one insert's worth of codes is still made in one transaction: all of it or nothing. */
const MAX_ROUNDS = 5;

/** Code batches in the console (ADR 0022): generate, list, export, assign trace codes to an agent. */
export function createCodesConsole({ db, clock }: Deps) {
  const k = db.kysely;
  const audit = (a: StaffActor) => ({ platId: a.platId, staffId: a.staffId, staffName: a.staffName, role: a.role, ip: a.ip, at: iso(clock.now()) });

  async function specOf(platId: string, singleProdId: number) {
    const [spec] = await specOptionsOf(k, platId, [singleProdId]);
    if (!spec) throw new AppError('VALIDATION', M.specNotFound);
    return spec;
  }

  async function batchOf(platId: string, batchId: number) {
    const b = await repo.findBatch(k, platId, batchId);
    if (!b) throw new AppError('VALIDATION', M.batchNotFound);
    return b;
  }

  return {
    async generate(a: StaffActor, input: OpParsedInput<typeof generateCodeBatch>) {
      const spec = await specOf(a.platId, input.singleProdId);
      const at = iso(clock.now());
      const batchId = await k.transaction().execute(async (trx) => {
        const id = await repo.insertBatch(trx, { plat_id: a.platId, code_type: input.codeType, single_prod_id: input.singleProdId, count: input.count, staff_id: a.staffId, staff_name: a.staffName, created_at: at });
        const b = { id, platId: a.platId, codeType: input.codeType, singleProdId: input.singleProdId, at };
        // A clash with an existing code (80 random bits: practically never) is skipped by the unique index; top up.
        let have = 0;
        for (let round = 0; have < input.count; round++) {
          if (round === MAX_ROUNDS) throw new AppError('VALIDATION', M.generateFailed);
          await repo.insertCodes(trx, b, makeCodes(input.count - have));
          have = await repo.countCodes(trx, input.codeType, id);
        }
        await recordAudit(trx, {
          ...audit(a),
          operation: 'generateCodeBatch',
          targetKind: 'code_batch',
          targetId: id,
          after: `${input.codeType === 1 ? '溯源码' : '防伪码'} ${input.count} 个，${spec.prod_name} ${spec.spec_disp_str}`,
        });
        return id;
      });
      const codes = input.count <= CODE_BATCH_INLINE_MAX ? await repo.codesOf(k, input.codeType, batchId, input.count) : [];
      return { obj: { batchId, count: input.count }, objs: codes };
    },

    async list(platId: string, input: { codeType?: number; phonePage: { pageNum: number; pageSize: number } }) {
      const { pageNum, pageSize } = input.phonePage;
      const { rows, total } = await repo.listBatches(k, platId, input.codeType, pageSize, (pageNum - 1) * pageSize);
      const ids = rows.map((r) => Number(r.id));
      const specs = new Map((await specOptionsOf(k, platId, [...new Set(rows.map((r) => Number(r.single_prod_id)))])).map((s) => [Number(s.id), s]));
      const assigned = await repo.assignedCounts(k, ids);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          codeType: r.code_type,
          singleProdId: Number(r.single_prod_id),
          prodName: specs.get(Number(r.single_prod_id))?.prod_name ?? '',
          specDispStr: specs.get(Number(r.single_prod_id))?.spec_disp_str ?? '',
          count: r.count,
          assigned: assigned.get(Number(r.id)) ?? 0,
          staffName: r.staff_name,
          createDate: chinaTimeText(r.created_at),
        })),
        obj: { phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) }, total },
      };
    },

    async specOptions(platId: string) {
      const rows = await specOptionsOf(k, platId);
      return { objs: rows.map((r) => ({ singleProdId: Number(r.id), prodName: r.prod_name, specDispStr: r.spec_disp_str })) };
    },

    /** `origin` is the console's `https://host`: the lookup links printed on the codes point there. */
    async export(a: StaffActor, input: { batchId: number; format: 'csv' | 'pdf' }, origin: string) {
      const b = await batchOf(a.platId, input.batchId);
      const spec = await specOf(a.platId, Number(b.single_prod_id));
      const info = { origin, codeType: b.code_type, prodName: spec.prod_name, specDispStr: spec.spec_disp_str };
      const kind = b.code_type === 1 ? '溯源码' : '防伪码';
      if (input.format === 'csv') {
        const codes = await repo.codesOf(k, b.code_type, input.batchId, b.count);
        const data = codesCsv(info, codes);
        return { obj: { fileName: `${kind}-批次${b.id}.csv`, base64: data.toString('base64'), rows: codes.length, capped: false } };
      }
      const codes = await repo.codesOf(k, b.code_type, input.batchId, CODE_SHEET_MAX);
      const data = await codesPdf({ ...info, batchId: Number(b.id) }, codes);
      const capped = b.count > codes.length;
      const msg = capped ? `PDF只包含前${codes.length}个码，全部码请导出CSV` : undefined;
      return { obj: { fileName: `${kind}-批次${b.id}.pdf`, base64: data.toString('base64'), rows: codes.length, capped }, ...(msg ? { msg } : {}) };
    },

    async assign(a: StaffActor, input: OpParsedInput<typeof assignTraceCodes>) {
      const agent = await agentOfPlatform(k, a.platId, input.agentId);
      if (!agent) throw new AppError('VALIDATION', M.agentNotFound);
      let codes = [...new Set(input.codes)];
      if (input.range) {
        const b = await batchOf(a.platId, input.range.batchId);
        if (b.code_type !== 1) throw new AppError('VALIDATION', M.rangeNotTrace);
        const { from, to } = input.range;
        if (from > to || to > b.count) throw new AppError('VALIDATION', M.rangeInvalid);
        if (to - from + 1 + codes.length > 10_000) throw new AppError('VALIDATION', M.codesTooMany);
        codes = [...new Set([...codes, ...(await repo.codesOf(k, 1, Number(b.id), to - from + 1, from - 1))])];
      }
      if (codes.length === 0) throw new AppError('VALIDATION', M.codesRequired);
      if (codes.length > 10_000) throw new AppError('VALIDATION', M.codesTooMany);
      const owners = await repo.traceOwners(k, a.platId, codes);
      const listed = (message: string, list: string[]) => `${message}${list.slice(0, 5).join('、')}${list.length > 5 ? ` 等${list.length}个` : ''}`;
      const unknown = codes.filter((c) => !owners.has(c));
      if (unknown.length > 0) throw new AppError('VALIDATION', listed(M.codesUnknown, unknown));
      const owned = codes.filter((c) => owners.get(c) != null);
      if (owned.length > 0) throw new AppError('VALIDATION', listed(M.codesOwned, owned));
      const assigned = await k.transaction().execute(async (trx) => {
        const n = await repo.assignTrace(trx, a.platId, input.agentId, codes);
        // Another member assigned some of them since the check: nothing of this call stays.
        if (n !== codes.length) throw new AppError('VALIDATION', M.assignRaced);
        await recordAudit(trx, {
          ...audit(a),
          operation: 'assignTraceCodes',
          targetKind: 'agent',
          targetId: input.agentId,
          agentId: input.agentId,
          after: `${n} 个溯源码归属 ${agent.agent_name}`,
          detail: input.range ? `批次${input.range.batchId} 序号${input.range.from}-${input.range.to}` : codes.slice(0, 20).join(',').slice(0, 1000),
        });
        return n;
      });
      return { obj: { assigned, agentName: agent.agent_name } };
    },
  };
}
export type CodesConsole = ReturnType<typeof createCodesConsole>;
