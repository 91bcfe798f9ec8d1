import { describe, expect, it } from 'vitest';
import { agentSetInfoGet, saveOrderInfo, saveSetting, selectOrderInfoByOrderId, selectOrderPostMoney, selectSettings, staffLogin } from '@shop/contract';
import { useTestApp } from './helpers/app.js';
import { addAddress, addProduct } from './helpers/shop-fixture.js';
import { STAFF_PASSWORD, staffCall, staffLoginAs } from './helpers/staff-fixture.js';

const t = useTestApp();
/** What uploadStaffImage answers for a console image. */
const QR = '/api/common/media/0b9c1c1e-1111-4222-8333-444455556666.jpg';

const read = async (staffToken: string) => (await staffCall(t, selectSettings, {}, { staffToken })).body.obj;
async function save(staffToken: string, key: string, value: unknown, version?: number) {
  const v = version ?? (await read(staffToken)).versions[key] ?? 0;
  return (await staffCall(t, saveSetting, { key, value, version: v }, { staffToken })).body;
}
/** The area as read, changed by `edit`: what a member saves after changing one field of the form. */
async function edited(staffToken: string, key: string, edit: (v: any) => void) {
  const value = structuredClone((await read(staffToken))[key]);
  edit(value);
  return value;
}

describe('selectSettings / saveSetting', () => {
  it('reads every area with money in yuan, and saves each area so that it reads back', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const s = await read(admin);
    expect(s.orderRules).toEqual({ noPayMinutes: 30, postState: true, postMoney: '1000.00', upPaysPost: true, autoReceiveDays: 10, afterSaleDays: 7 });
    expect(s.freight.rules).toContainEqual({ provinceCode: '000000', firstWeight: 1000, firstFee: '10.00', extraWeight: 1000, extraFee: '5.00' });
    expect(s.grades.grades.length).toBeGreaterThan(1);

    const cases: [string, (v: any) => void, (v: any) => void][] = [
      ['grades', (v) => { v.grades[0].firstRechargeMoney = '123.45'; v.grades[0].upgradeRules = [{ ruleStr: '单笔 500', singleMoney: '500', recruitCount: 0 }]; v.grades[1].openForRegistration = false; },
        (v) => { expect(v.grades[0]).toMatchObject({ firstRechargeMoney: '123.45', upgradeRules: [{ ruleStr: '单笔 500', singleMoney: '500.00', recruitCount: 0 }] }); expect(v.grades[1].openForRegistration).toBe(false); }],
      ['agreement', (v) => { v.title = '新协议'; v.content = '第一条 …'; }, (v) => expect(v).toEqual({ title: '新协议', content: '第一条 …' })],
      ['pointSetting', (v) => { v.pointChange = 2; v.chargeMoney = '10'; v.continuityNum = 5; }, (v) => expect(v).toMatchObject({ pointChange: 2, chargeMoney: '10.00', continuityNum: 5 })],
      ['payMethods', (v) => { v.methods = v.methods.filter((m: any) => m.type !== 2); v.lineChargeVoucher = 1; }, (v) => { expect(v.methods.map((m: any) => m.type)).not.toContain(2); expect(v.lineChargeVoucher).toBe(1); }],
    ];
    for (const [key, edit, check] of cases) {
      const reply = await save(admin, key, await edited(admin, key, edit));
      expect(reply, key).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功', obj: { key, version: 1 } });
      check((await read(admin))[key]);
    }
    // ADR 0032: the receiving accounts, the withdrawal rule and the income settings change only under two keys.
    for (const key of ['withdrawRule', 'offlineAccounts', 'incomeSettings']) {
      const reply = await save(admin, key, (await read(admin))[key]);
      expect(reply, key).toMatchObject({ errorType: 'VALIDATION', msg: '该设置须由一名财务或管理员提交变更、另一名复核通过后生效，请点击“提交变更”' });
    }
    void QR;
  });

  it.each([
    ['orderRules', (v: any) => (v.noPayMinutes = 0), '未支付订单关闭时间须为1-1440分钟的整数'],
    ['orderRules', (v: any) => (v.postMoney = '1.234'), '包邮门槛金额格式有误（最多两位小数）'],
    ['grades', (v: any) => (v.grades[0].firstRechargeMoney = '-5'), '首充金额格式有误（最多两位小数）'],
    ['grades', (v: any) => (v.grades[0].id = 999_999), '代理等级不存在，请刷新后重试'],
    ['grades', (v: any) => (v.grades[0].upgradeRules = [{ ruleStr: '', singleMoney: '1', recruitCount: 0 }]), '升级规则名称为1-64个字'],
    ['agreement', (v: any) => (v.content = '   '), '协议内容为1-20000个字'],
    ['agreement', (v: any) => (v.content = '<script>alert(1)</script>'), '协议内容为1-20000个字'],
    ['pointSetting', (v: any) => (v.pointChange = 1.5), '积分抵扣比例须为1-10000的整数'],
    ['pointSetting', (v: any) => (v.chargeMoney = '0'), '赠送积分的金额单位格式有误（大于0，最多两位小数）'],
    ['withdrawRule', (v: any) => (v.serviceChargePercent = '101'), '手续费比例须为0-100之间的数，最多四位小数'],
    ['payMethods', (v: any) => v.methods.push({ ...v.methods[0] }), '同一支付方式只能出现一次'],
    ['payMethods', (v: any) => (v.methods[0].type = 9), '支付方式有误'],
    ['offlineAccounts', (v: any) => v.accounts.forEach((a: any) => (a.isDefault = true)), '默认收款账户只能有一个'],
    ['offlineAccounts', (v: any) => (v.accounts[0].accountNumber = ''), '请输入账号（1-64个字）'],
    ['offlineAccounts', (v: any) => (v.accounts[0].qrCodeImgUrl = 'https://evil.example/qr.png'), '收款码请上传图片'],
    ['freight', (v: any) => (v.rules[1].provinceCode = '65'), '省份编码须为六位数字'],
    ['freight', (v: any) => (v.rules = v.rules.filter((r: any) => r.provinceCode !== '000000')), '须保留“其他地区”（000000）的运费规则'],
    ['freight', (v: any) => v.rules.push({ ...v.rules[1] }), '同一省份只能设置一条运费规则'],
    ['freight', (v: any) => (v.rules[0].firstWeight = 0), '重量须为1-1000000克的整数'],
    ['freight', (v: any) => (v.rules[1].provinceCode = '990000'), '没有这个省份，请从列表中选择'],
    ['incomeSettings', (v: any) => (v.releaseDays = 400), '收益释放天数须为0-365的整数'],
  ])('%s: refuses a bad value with its message (%#)', async (key, edit, msg) => {
    const admin = await staffLoginAs(t, 'admin');
    const before = await read(admin);
    const reply = await save(admin, key, await edited(admin, key, edit));
    expect(reply.msg).toBe(msg);
    expect(await read(admin)).toEqual(before);
  });

  it('refuses an unknown area and a missing value', async () => {
    const admin = await staffLoginAs(t, 'admin');
    expect((await save(admin, 'secrets', { a: 1 }, 0)).msg).toBe('未知的设置项，请刷新页面后重试');
    expect((await save(admin, 'orderRules', undefined, 0)).errorType).not.toBe('SUCCESS');
  });

  it('the shop reads the new values: the pay deadline, the freight of a province, the agreement', async () => {
    const admin = await staffLoginAs(t, 'admin');
    expect((await save(admin, 'orderRules', await edited(admin, 'orderRules', (v) => (v.noPayMinutes = 7)))).errorType).toBe('SUCCESS');
    const freight = await edited(admin, 'freight', (v) => v.rules.push({ provinceCode: '110000', firstWeight: 500, firstFee: '12.00', extraWeight: 500, extraFee: '3.50' }));
    expect((await save(admin, 'freight', freight)).errorType).toBe('SUCCESS');
    const content = '<p onclick="steal()">新的<strong>条款</strong></p><script>alert(1)</script><img src="javascript:x">';
    expect((await save(admin, 'agreement', { title: '代理协议 2', content })).errorType).toBe('SUCCESS');

    const { token } = await t.login('13800000001', 'demo1234');
    const addressId = await addAddress(t, token);
    const p = await addProduct(t, { stock: 5, finalPrice: 1_000, weight: 600 });
    const line = [{ singleProdId: p.singleProdId, buyNum: 1 }];
    // 600 g to 北京: 12.00 for the first 500 g, 3.50 for the started next 500 g.
    const post = await t.call(selectOrderPostMoney, { receiveCountyId: '110101', orderProductDetailBos: line }, { token });
    expect(post.body.obj).toMatchObject({ postMoney: '15.50' });
    const placed = await t.call(saveOrderInfo, { orderType: 1, payType: 1, addressId, orderProductDetailBos: line }, { token });
    expect(placed.body.msg).toBe('下单成功');
    const d = (await t.call(selectOrderInfoByOrderId, { id: placed.body.obj.id }, { token })).body.obj;
    expect(d).toMatchObject({ createDate: '2026-11-21 10:00:00', payDeadline: '2026-11-21 10:07:00', postMoney: '15.50' });
    // Shown as HTML at registration: stored cleaned.
    expect((await t.call(agentSetInfoGet, {})).body.obj).toMatchObject({ agreementTitle: '代理协议 2', agreementContent: '<p>新的<strong>条款</strong></p>' });
  });

  it('free postage: the upper agent bears it, or headquarters once the order rules say so', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const { token } = await t.login('13800000002', 'demo1234'); // invited by 13800000001
    const p = await addProduct(t, { stock: 5, finalPrice: 60_000, weight: 600 }); // 2 × 600.00 ≥ 1000.00
    const quote = async () =>
      (await t.call(selectOrderPostMoney, { receiveCountyId: '440305', orderProductDetailBos: [{ singleProdId: p.singleProdId, buyNum: 2 }] }, { token })).body.obj;
    expect(await quote()).toMatchObject({ postMoney: '0.00', isUpSendPost: 1 });
    expect((await save(admin, 'orderRules', await edited(admin, 'orderRules', (v) => (v.upPaysPost = false)))).errorType).toBe('SUCCESS');
    expect(await quote()).toMatchObject({ postMoney: '0.00', isUpSendPost: 0 });
  });

  it('audits before → after as compact JSON, under the member who saved', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const before = (await read(admin)).pointSetting;
    expect((await save(admin, 'pointSetting', { ...before, fixedIntegral: 7 })).errorType).toBe('SUCCESS');
    const rows = await t.db.kysely.selectFrom('audit_logs').selectAll().where('target_kind', '=', 'setting:pointSetting').execute();
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ operation: 'saveSetting', staff_name: 'admin', role: 'admin', before_state: JSON.stringify(before) });
    expect(JSON.parse(last.after_state)).toEqual({ ...before, fixedIntegral: 7 });
  });

  it('two members saving the same area at once: one wins, the other is told to reload, nothing is half-written', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const login = await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD });
    const operator = login.body.staffToken as string;
    const s = await read(admin);
    const version = s.versions.pointSetting;
    const audited = () => t.db.kysely.selectFrom('audit_logs').select('id').where('target_kind', '=', 'setting:pointSetting').execute();
    const auditsBefore = (await audited()).length;
    const [a, b] = await Promise.all([
      save(admin, 'pointSetting', { ...s.pointSetting, fixedIntegral: 11 }, version),
      save(operator, 'pointSetting', { ...s.pointSetting, fixedIntegral: 22 }, version),
    ]);
    const replies = [a, b];
    expect(replies.filter((r) => r.errorType === 'SUCCESS')).toHaveLength(1);
    expect(replies.find((r) => r.errorType !== 'SUCCESS')?.msg).toBe('该设置已被他人修改，请刷新后重试');
    const after = await read(admin);
    expect(after.versions.pointSetting).toBe(version + 1);
    expect(after.pointSetting.fixedIntegral).toBe(a.errorType === 'SUCCESS' ? 11 : 22);
    expect(await audited()).toHaveLength(auditsBefore + 1);
    // A save with the version read before the winner's is refused too.
    expect((await save(operator, 'pointSetting', s.pointSetting, version)).msg).toBe('该设置已被他人修改，请刷新后重试');
  });

  it('finance reads the shop settings but does not save them; the operator reads the money settings but does not save them (ADR 0032)', async () => {
    const finance = await staffLoginAs(t, 'caiwu');
    const s = await read(finance);
    expect(s.orderRules.noPayMinutes).toBeGreaterThan(0);
    expect((await save(finance, 'orderRules', s.orderRules, s.versions.orderRules)).msg).toBe('该设置由运营或管理员修改，您可以查看');
    const operator = (await staffCall(t, staffLogin, { username: 'yunying', password: STAFF_PASSWORD })).body.staffToken as string;
    const o = await read(operator);
    for (const key of ['grades', 'payMethods', 'withdrawRule', 'offlineAccounts', 'incomeSettings']) {
      expect((await save(operator, key, o[key], o.versions[key])).msg, key).toBe('资金相关设置只能由财务或管理员修改');
    }
    expect(await read(operator)).toEqual(o);
  });
});
