import { describe, expect, it } from 'vitest';
import { searchDataByTraceCode, selectAgentAuthorizedInfo, selectTraceReviewSelRecord } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';

const t = useTestApp();

describe('trace code (searchDataByTraceCode, spec 3 §2 /traceability)', () => {
  it('answers an agent-held code without login: product, ownership and the masked phone', async () => {
    const r = await t.call(searchDataByTraceCode, { traceCode: 'TC2026000001' });
    expect(r.body).toMatchObject({ errorType: 'SUCCESS', errorTypeBoolean: true });
    const o = r.body.obj;
    expect(o).toMatchObject({
      traceCode: 'TC2026000001',
      agentType: 1,
      ascriptionType: 0,
      agentBaseInfoBo: { agentName: '张明', phone: '138****0001', agentGradeInfo: { gradeName: '钻石代理' } },
    });
    expect(o.prodBaseInfo.prodName).toBeTruthy();
    expect(o.prodBaseInfo.price).toMatch(/^\d+\.\d{2}$/);
    expect(r.text).not.toContain('13800000001');
  });

  it("reduces a scanned value to what follows 'code=' and shows a member owner masked", async () => {
    const r = await t.call(searchDataByTraceCode, { traceCode: 'https://shop.example/traceaSel?code=TC2026000003' });
    expect(r.body.obj).toMatchObject({ traceCode: 'TC2026000003', ascriptionType: 1, ascriptionCusName: '陈女士', ascriptionCusPhone: '139****5678' });
    expect(r.text).not.toContain('13912345678');
    const hq = await t.call(searchDataByTraceCode, { traceCode: 'TC2026000002' });
    expect(hq.body.obj).toMatchObject({ agentType: 0, agentBaseInfoBo: { agentName: '总部' } });
  });

  it("answers the spec's messages for a missing and an unknown code", async () => {
    expect((await t.call(searchDataByTraceCode, { traceCode: '  ' })).body).toMatchObject({ errorTypeBoolean: false, msg: '请输入追溯码' });
    expect((await t.call(searchDataByTraceCode, {})).body.msg).toBe('请输入追溯码');
    expect((await t.call(searchDataByTraceCode, { traceCode: 'TC9999999999' })).body).toMatchObject({ errorTypeBoolean: false, msg: '追溯码不存在' });
  });
});

describe('anti-counterfeit code (selectTraceReviewSelRecord, spec 3 §2 /check)', () => {
  it('records the first query, and a repeated query says how many times and since when', async () => {
    const first = await t.call(selectTraceReviewSelRecord, { reviewCode: 'FW8K2M9Q4T' });
    expect(first.body).toMatchObject({ errorType: 'SUCCESS', obj: { reviewCode: 'FW8K2M9Q4T', selCount: 1 } });
    expect(first.body.msg).toBe('您查询的防伪码为正品，此码为首次查询');
    expect(first.body.objs).toHaveLength(1);

    t.clock.advance(60_000);
    const again = await t.call(selectTraceReviewSelRecord, { reviewCode: 'FW8K2M9Q4T' });
    expect(again.body.obj.selCount).toBe(2);
    expect(again.body.obj.firstSelDate).toBe(first.body.obj.firstSelDate);
    expect(again.body.msg).toBe(`该防伪码已被查询2次，首次查询时间为${first.body.obj.firstSelDate}，请谨防假冒`);
    expect(again.body.objs.map((q: { reviewSelDate: string }) => q.reviewSelDate)).toEqual([first.body.objs[0].reviewSelDate, expect.any(String)]);
  });

  it('warns about the demo code that was queried before', async () => {
    const r = await t.call(selectTraceReviewSelRecord, { reviewCode: 'code=FW3J7N5R1X' });
    expect(r.body.obj.selCount).toBe(3);
    expect(r.body.msg).toContain('已被查询3次');
  });

  it("answers '请输入防伪码' and '防伪码输入错误'", async () => {
    expect((await t.call(selectTraceReviewSelRecord, { reviewCode: '' })).body.msg).toBe('请输入防伪码');
    expect((await t.call(selectTraceReviewSelRecord, { reviewCode: 'FW0000000000' })).body).toMatchObject({ errorTypeBoolean: false, msg: '防伪码输入错误' });
  });
});

describe('authorization by phone (selectAgentAuthorizedInfo, spec 3 §2 /agent)', () => {
  it('answers an active agent with the signed certificate link, and the link renders a PNG', async () => {
    const r = await t.call(selectAgentAuthorizedInfo, { phone: '13800000004' });
    expect(r.body).toMatchObject({
      errorType: 'SUCCESS',
      obj: { agentName: '赵强', phone: '138****0004', agentGradeInfo: { gradeName: '金卡代理' }, introduceAgent: { agentName: '张明' } },
    });
    expect(r.body.obj.privilegedCode).toMatch(/^DL\d{6}$/);
    const cert = r.body.obj.agentCertTemplateInfoBo;
    expect(cert.validFrom < cert.validTo).toBe(true);
    const png = await t.app.inject({ method: 'GET', url: cert.backImgUrlNew });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // A link the server did not sign, or another agent's id with this signature, shows nothing.
    const forged = cert.backImgUrlNew.replace(/\/(\d+)\.png/, (_: string, id: string) => `/${Number(id) + 1}.png`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: cert.backImgUrlNew.replace(/s=.*/, 's=00') })).statusCode).toBe(404);
  });

  it("answers the spec's messages: phone required, a valid mobile, '代理商不存在' (also for a new agent not yet active)", async () => {
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '' })).body.msg).toBe('请输入代理商手机号码');
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '12345678901' })).body.msg).toBe('请输入正确的手机号');
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '13911112222' })).body.msg).toBe('代理商不存在');
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '13800000002' })).body.msg).toBe('代理商不存在');
  });

  it('needs no login, and a logged-in caller sees the same public answer', async () => {
    const me = await newAgent(t, { name: '查询人' });
    const r = await t.call(selectAgentAuthorizedInfo, { phone: '13800000004' }, { token: me.token });
    expect(r.body.obj.agentName).toBe('赵强');
  });
});

describe('lookup limits per address (ADR 0018)', () => {
  it('refuses an address after its quota of lookups a minute, other addresses go on', async () => {
    const ip = '10.250.0.1';
    for (let i = 0; i < 20; i++) expect((await t.call(searchDataByTraceCode, { traceCode: 'TC2026000001' }, { ip })).body.errorType).toBe('SUCCESS');
    expect((await t.call(searchDataByTraceCode, { traceCode: 'TC2026000001' }, { ip })).body).toMatchObject({ errorType: 'RATE_LIMITED', msg: '操作过于频繁，请稍后再试' });
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '13800000004' }, { ip })).body.errorType).toBe('RATE_LIMITED');
    expect((await t.call(searchDataByTraceCode, { traceCode: 'TC2026000001' }, { ip: '10.250.0.2' })).body.errorType).toBe('SUCCESS');
    t.clock.advance(61_000);
    expect((await t.call(searchDataByTraceCode, { traceCode: 'TC2026000001' }, { ip })).body.errorType).toBe('SUCCESS');
  });

  it('locks an address that keeps guessing phones or codes, even for a right one, then lets it go', async () => {
    const ip = '10.250.0.3';
    for (let i = 0; i < 10; i++) {
      const phone = `1391111${String(1000 + i)}`;
      expect((await t.call(selectAgentAuthorizedInfo, { phone }, { ip })).body.msg).toBe('代理商不存在');
    }
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '13800000004' }, { ip })).body.errorType).toBe('RATE_LIMITED');
    expect((await t.call(selectTraceReviewSelRecord, { reviewCode: 'FW6P4D8H2C' }, { ip })).body.errorType).toBe('RATE_LIMITED');
    t.clock.advance(16 * 60_000);
    expect((await t.call(selectAgentAuthorizedInfo, { phone: '13800000004' }, { ip })).body.errorType).toBe('SUCCESS');
  });
});
