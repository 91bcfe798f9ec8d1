import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CODES_MESSAGES as M,
  assignTraceCodes,
  exportCodeBatch,
  generateCodeBatch,
  previewCertificateTemplate,
  saveCertificateTemplate,
  searchDataByTraceCode,
  selectAgentAuthorizedInfo,
  selectCertificateTemplate,
  selectCodeBatches,
  selectCodeSpecOptions,
  selectTraceReviewSelRecord,
  staffLogin,
  type Operation,
} from '@shop/contract';
import { auditOf } from '../src/modules/audit/audit.queries.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

const t = useTestApp();
const CODE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/;

async function operator(): Promise<string> {
  return (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
}
async function firstSpec(): Promise<number> {
  const row = await t.db.kysely.selectFrom('single_products').select('id').where('plat_id', '=', t.config.platId).orderBy('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
async function agentId(phone: string): Promise<number> {
  return Number((await t.db.kysely.selectFrom('agents').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id);
}
const batchCount = async () => (await t.db.kysely.selectFrom('code_batches').select('id').execute()).length;
/** The colour of a pixel near the top-left corner (a JPEG background may drift by a step or two). */
async function corner(png: Buffer): Promise<number[]> {
  const px = await sharp(png).extract({ left: 5, top: 5, width: 1, height: 1 }).raw().toBuffer();
  return [px[0]!, px[1]!, px[2]!];
}
const near = (rgb: number[], want: number[]) => rgb.every((v, i) => Math.abs(v - want[i]!) <= 3);
const gen = async (token: string, payload: Record<string, unknown>) => (await staffCall(t, generateCodeBatch, payload, { staffToken: token })).body;

/** A multipart call as the console's upload() sends it: `platId`, `in` and file parts 0, 1, ... */
async function multipart(app: TestApp, op: Operation, token: string, payload: unknown, file?: { data: Buffer; name: string; type: string }) {
  return (await app.upload(op, file ? [file] : [], { staffToken: token, payload })).body;
}

describe('generateCodeBatch', () => {
  it.each([
    [{ codeType: 2, count: 0 }, M.countInvalid],
    [{ codeType: 2, count: 100_001 }, M.countInvalid],
    [{ codeType: 2, count: 1.5 }, M.countInvalid],
    [{ codeType: 2, count: 'ten' }, M.countInvalid],
    [{ codeType: 3, count: 10 }, M.typeInvalid],
    [{ codeType: 2, count: 10, singleProdId: null }, M.specRequired],
    [{ codeType: 2, count: 10, singleProdId: 999_999 }, M.specNotFound],
  ])('refuses %j with "%s" and makes nothing', async (payload, msg) => {
    const token = await operator();
    const before = await batchCount();
    const body = await gen(token, { singleProdId: await firstSpec(), ...payload });
    expect(body).toMatchObject({ errorTypeBoolean: false, msg });
    expect(await batchCount()).toBe(before);
  });

  it('makes random, unique anti-counterfeit codes that the public /check verifies, audited', async () => {
    const token = await operator();
    const body = await gen(token, { codeType: 2, singleProdId: await firstSpec(), count: 500 });
    expect(body).toMatchObject({ errorType: 'SUCCESS', obj: { count: 500 } });
    const codes: string[] = body.objs;
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    for (const c of codes) expect(c).toMatch(CODE);

    const check = await t.call(selectTraceReviewSelRecord, { reviewCode: `https://shop.example/check?code=${codes[137]}` });
    expect(check.body).toMatchObject({ errorType: 'SUCCESS', msg: '您查询的防伪码为正品，此码为首次查询', obj: { reviewCode: codes[137], selCount: 1 } });

    const audit = await auditOf(t.db.kysely, t.config.platId, 'code_batch', body.obj.batchId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operation: 'generateCodeBatch', staff_name: 'yunying', role: 'operator' });

    const list = await staffCall(t, selectCodeBatches, { phonePage: { pageNum: 1, pageSize: 10 }, codeType: 2 }, { staffToken: token });
    expect(list.body.obj.total).toBe(1);
    expect(list.body.objs[0]).toMatchObject({ id: body.obj.batchId, codeType: 2, count: 500, staffName: 'yunying' });
    expect(list.body.objs[0].prodName).toBeTruthy();
    const none = await staffCall(t, selectCodeBatches, { phonePage: { pageNum: 1, pageSize: 10 }, codeType: 1 }, { staffToken: token });
    expect(none.body.obj.total).toBe(0);
  });

  it('parallel batches never share a code; a large batch answers no codes inline but holds them all', async () => {
    const token = await operator();
    const spec = await firstSpec();
    const replies = await Promise.all([1, 2, 3].map(() => gen(token, { codeType: 1, singleProdId: spec, count: 1000 })));
    for (const r of replies) expect(r.errorType).toBe('SUCCESS');
    const all = replies.flatMap((r) => r.objs as string[]);
    expect(new Set(all).size).toBe(3000);

    const started = Date.now();
    const big = await gen(token, { codeType: 2, singleProdId: spec, count: 100_000 });
    const ms = Date.now() - started;
    console.info(`generateCodeBatch 100000 codes on ${t.db.dialect}: ${ms} ms`);
    expect(big).toMatchObject({ errorType: 'SUCCESS', obj: { count: 100_000 }, objs: [] });
    const n = await t.db.kysely.selectFrom('review_codes').select((e) => e.fn.countAll<number>().as('n')).where('batch_id', '=', big.obj.batchId).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(100_000);
  }, 120_000);

  it('is refused to finance (operators and admins only)', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const before = await batchCount();
    expect((await gen(finance, { codeType: 2, singleProdId: await firstSpec(), count: 5 })).errorTypeBoolean).toBe(false);
    expect(await batchCount()).toBe(before);
  });
});

describe('exportCodeBatch', () => {
  it('CSV lists every code with its lookup link; the PDF is an A4 sheet', async () => {
    const token = await operator();
    const made = await gen(token, { codeType: 2, singleProdId: await firstSpec(), count: 40 });
    const csv = (await staffCall(t, exportCodeBatch, { batchId: made.obj.batchId, format: 'csv' }, { staffToken: token })).body;
    expect(csv).toMatchObject({ errorType: 'SUCCESS', obj: { rows: 40, capped: false } });
    expect(csv.obj.fileName).toMatch(/\.csv$/);
    const lines = Buffer.from(csv.obj.base64, 'base64').toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('序号,码,类型,商品,规格,查询链接');
    expect(lines).toHaveLength(41);
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[1])).toEqual(made.objs);
    expect(rows[0]![5]).toMatch(new RegExp(`/check\\?code=${made.objs[0]}$`));

    const pdf = (await staffCall(t, exportCodeBatch, { batchId: made.obj.batchId, format: 'pdf' }, { staffToken: token })).body;
    expect(pdf).toMatchObject({ errorType: 'SUCCESS', obj: { rows: 40, capped: false } });
    const bytes = Buffer.from(pdf.obj.base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });

  it('caps the PDF of a large batch and says so; unknown batch and format are refused', async () => {
    const token = await operator();
    const made = await gen(token, { codeType: 1, singleProdId: await firstSpec(), count: 2100 });
    const pdf = (await staffCall(t, exportCodeBatch, { batchId: made.obj.batchId, format: 'pdf' }, { staffToken: token })).body;
    expect(pdf).toMatchObject({ errorType: 'SUCCESS', obj: { rows: 2000, capped: true }, msg: 'PDF只包含前2000个码，全部码请导出CSV' });
    expect((await staffCall(t, exportCodeBatch, { batchId: 9999, format: 'csv' }, { staffToken: token })).body.msg).toBe(M.batchNotFound);
    expect((await staffCall(t, exportCodeBatch, { batchId: made.obj.batchId, format: 'xls' }, { staffToken: token })).body.msg).toBe(M.formatInvalid);
  }, 60_000);
});

describe('assignTraceCodes', () => {
  it('by list and by range: the public /trace then shows the agent as owner, audited', async () => {
    const token = await operator();
    const made = await gen(token, { codeType: 1, singleProdId: await firstSpec(), count: 10 });
    const codes: string[] = made.objs;
    const before = await t.call(searchDataByTraceCode, { traceCode: codes[0] });
    expect(before.body.obj).toMatchObject({ agentType: 0, agentBaseInfoBo: { agentName: '总部' } });

    const li = await agentId('13800000002');
    const byList = await staffCall(t, assignTraceCodes, { agentId: li, codes: [codes[0], codes[1]] }, { staffToken: token });
    expect(byList.body).toMatchObject({ errorType: 'SUCCESS', obj: { assigned: 2, agentName: '李华' } });
    const byRange = await staffCall(t, assignTraceCodes, { agentId: li, range: { batchId: made.obj.batchId, from: 5, to: 7 } }, { staffToken: token });
    expect(byRange.body.obj.assigned).toBe(3);

    for (const c of [codes[0], codes[4], codes[6]]) {
      const r = await t.call(searchDataByTraceCode, { traceCode: c });
      expect(r.body.obj).toMatchObject({ agentType: 1, ascriptionType: 0, agentBaseInfoBo: { agentName: '李华', phone: '138****0002' } });
    }
    expect((await t.call(searchDataByTraceCode, { traceCode: codes[7] })).body.obj.agentType).toBe(0);
    const list = await staffCall(t, selectCodeBatches, { phonePage: { pageNum: 1, pageSize: 10 } }, { staffToken: token });
    expect(list.body.objs[0]).toMatchObject({ id: made.obj.batchId, assigned: 5 });
    expect(await auditOf(t.db.kysely, t.config.platId, 'agent', li)).toHaveLength(2);
  });

  it('two members assigning the same codes at once: one wins, the other is told, nothing is split', async () => {
    const token = await operator();
    const admin = await staffLoginAs(t, 'admin');
    const made = await gen(token, { codeType: 1, singleProdId: await firstSpec(), count: 50 });
    const [li, zhang] = [await agentId('13800000002'), await agentId('13800000001')];
    const range = { batchId: made.obj.batchId, from: 1, to: 50 };
    const replies = await Promise.all([
      staffCall(t, assignTraceCodes, { agentId: li, range }, { staffToken: token }),
      staffCall(t, assignTraceCodes, { agentId: zhang, range }, { staffToken: admin }),
    ]);
    const won = replies.filter((r) => r.body.errorType === 'SUCCESS');
    expect(won).toHaveLength(1);
    const lost = replies.find((r) => r.body.errorType !== 'SUCCESS')!;
    expect([M.assignRaced, `${M.codesOwned}${(made.objs as string[]).slice(0, 5).join('、')} 等50个`]).toContain(lost.body.msg);
    const owners = await t.db.kysely.selectFrom('trace_codes').select('agent_id').distinct().where('batch_id', '=', made.obj.batchId).execute();
    expect(owners).toEqual([{ agent_id: won[0]!.body.obj.agentName === '李华' ? li : zhang }]);
    // A code already owned is not moved by a later call either.
    const again = await staffCall(t, assignTraceCodes, { agentId: li, codes: [made.objs[3]] }, { staffToken: token });
    expect(again.body.msg).toBe(`${M.codesOwned}${made.objs[3]}`);
  });

  it('refuses unknown codes, bad ranges, anti-counterfeit batches and unknown agents, changing nothing', async () => {
    const token = await operator();
    const spec = await firstSpec();
    const trace = await gen(token, { codeType: 1, singleProdId: spec, count: 5 });
    const review = await gen(token, { codeType: 2, singleProdId: spec, count: 5 });
    const li = await agentId('13800000002');
    const call = async (payload: Record<string, unknown>) => (await staffCall(t, assignTraceCodes, payload, { staffToken: token })).body.msg;
    expect(await call({ agentId: li, codes: [trace.objs[0], 'NOSUCHCODE'] })).toBe(`${M.codesUnknown}NOSUCHCODE`);
    expect(await call({ agentId: li, codes: [] })).toBe(M.codesRequired);
    expect(await call({ agentId: li, range: { batchId: trace.obj.batchId, from: 4, to: 6 } })).toBe(M.rangeInvalid);
    expect(await call({ agentId: li, range: { batchId: trace.obj.batchId, from: 3, to: 2 } })).toBe(M.rangeInvalid);
    expect(await call({ agentId: li, range: { batchId: review.obj.batchId, from: 1, to: 2 } })).toBe(M.rangeNotTrace);
    expect(await call({ agentId: 999_999, codes: [trace.objs[0]] })).toBe(M.agentNotFound);
    expect(await call({ codes: [trace.objs[0]] })).toBe(M.agentRequired);
    const owned = await t.db.kysely.selectFrom('trace_codes').select('id').where('batch_id', '=', trace.obj.batchId).where('agent_type', '<>', 0).execute();
    expect(owned).toHaveLength(0);
  });
});

describe('certificate template', () => {
  const fields = { agentName: { x: 375, y: 300, size: 40 }, gradeName: { x: 200, y: 500, size: 28 }, code: { x: 200, y: 560, size: 28 }, validity: { x: 200, y: 620, size: 24 } };
  const png = (color: string) => sharp({ create: { width: 600, height: 840, channels: 3, background: color } }).png().toBuffer();

  it('starts from the built-in design; a saved background and positions change the public certificate, audited', async () => {
    const token = await operator();
    const initial = (await staffCall(t, selectCertificateTemplate, {}, { staffToken: token })).body;
    expect(initial).toMatchObject({ errorType: 'SUCCESS', obj: { custom: false, hasBackground: false } });
    expect(Buffer.from(initial.obj.previewBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const auth = await t.call(selectAgentAuthorizedInfo, { phone: '13800000001' });
    const link = auth.body.obj.agentCertTemplateInfoBo.backImgUrlNew as string;
    const builtIn = (await t.app.inject({ method: 'GET', url: link })).rawPayload;

    const preview = await multipart(t, previewCertificateTemplate, token, { fields }, { data: await png('#204080'), name: 'bg.png', type: 'image/png' });
    expect(preview.errorType).toBe('SUCCESS');
    const previewPng = Buffer.from(preview.obj.previewBase64, 'base64');
    expect(await sharp(previewPng).metadata()).toMatchObject({ width: 750, height: 1050 });
    // The corner shows the uploaded background (dark blue), not the built-in paper.
    expect(near(await corner(previewPng), [0x20, 0x40, 0x80])).toBe(true);
    expect(near(await corner(builtIn), [0x20, 0x40, 0x80])).toBe(false);
    // A preview saves nothing.
    expect((await staffCall(t, selectCertificateTemplate, {}, { staffToken: token })).body.obj.custom).toBe(false);

    const saved = await multipart(t, saveCertificateTemplate, token, { fields }, { data: await png('#204080'), name: 'bg.png', type: 'image/png' });
    expect(saved).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功', obj: { custom: true, hasBackground: true, fields } });
    const after = (await t.app.inject({ method: 'GET', url: link })).rawPayload;
    expect(after.equals(builtIn)).toBe(false);
    expect(near(await corner(after), [0x20, 0x40, 0x80])).toBe(true);
    const audit = await auditOf(t.db.kysely, t.config.platId, 'certificate_template', 0);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operation: 'saveCertificateTemplate', staff_name: 'yunying' });

    const cleared = await multipart(t, saveCertificateTemplate, token, { fields, clearBackground: true });
    expect(cleared.obj).toMatchObject({ custom: true, hasBackground: false });
  });

  it('refuses positions off the certificate and a background that is not an image', async () => {
    const token = await operator();
    const off = { ...fields, code: { x: 900, y: 10, size: 20 } };
    expect((await multipart(t, saveCertificateTemplate, token, { fields: off })).msg).toBe(M.fieldInvalid);
    expect((await multipart(t, saveCertificateTemplate, token, { fields: { ...fields, gradeName: { x: 1, y: 1, size: 200 } } })).msg).toBe(M.fieldInvalid);
    const fake = await multipart(t, saveCertificateTemplate, token, { fields }, { data: Buffer.from('<svg onload=alert(1)>'), name: 'x.png', type: 'image/png' });
    expect(fake.msg).toBe(M.backgroundType);
    const now = (await staffCall(t, selectCertificateTemplate, {}, { staffToken: token })).body.obj;
    expect(now.fields.code).toEqual(fields.code);
  });

  it('the spec choice lists the catalog specs with their product names', async () => {
    const token = await operator();
    const r = (await staffCall(t, selectCodeSpecOptions, {}, { staffToken: token })).body;
    expect(r.objs.length).toBeGreaterThan(0);
    expect(r.objs.map((o: { singleProdId: number }) => o.singleProdId)).toContain(await firstSpec());
    expect(r.objs[0].prodName).toBeTruthy();
  });
});
