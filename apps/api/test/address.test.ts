import { describe, expect, it } from 'vitest';
import {
  cancelLogisticsAddressDefAddr,
  deleteOrderLogisticsAddressById,
  getOrderLogisticsById,
  logisticsAddress,
  selectAgentSetInfo,
  selectOrderLogisticsAddress,
  setLogisticsAddressDefAddr,
  submitApplications,
  updateOrderLogisticsAddress,
  saveOrderLogisticsAddress,
  type LogisticsAddress,
} from '@shop/contract';
import { useTestApp } from './helpers/app.js';

const t = useTestApp();
const PASSWORD = 'demo1234';

let phoneCounter = 0;
/** A new agent of its own (registered under 张明, logged in), so tests sharing the database do not meet. */
async function newAgent(name = '地址测试') {
  phoneCounter += 1;
  const phone = `1390000${String(3000 + phoneCounter).padStart(4, '0')}`;
  const setting = await t.call(selectAgentSetInfo, {});
  const gradeId = Number(setting.body.obj.levelIds.split(',')[0]);
  const reply = await t.call(submitApplications, { agentName: name, phone, gradeId, password: PASSWORD, inviterPhone: '13800000001' });
  expect(reply.body.errorType, reply.body.msg).toBe('SUCCESS');
  const { token, user } = await t.login(phone, PASSWORD);
  return { token, agentId: user.agentId, name };
}

/** What the /addressP form sends (spec 2 §3 address entity); names are the client's and are not trusted. */
const form = (overrides: Record<string, unknown> = {}) => ({
  receiverNmae: '赵强',
  receiverPhone: '13800000004',
  province: '随便写的省',
  provinceCode: '440000',
  city: '随便写的市',
  cityCode: '440300',
  district: '随便写的区',
  districtCode: '440305',
  address: '科技园南区1号',
  postCode: '518000',
  isDefAddr: 0,
  ...overrides,
});

async function save(token: string, overrides: Record<string, unknown> = {}) {
  const reply = await t.call<LogisticsAddress>(saveOrderLogisticsAddress, form(overrides), { token });
  expect(reply.body.errorType, reply.body.msg).toBe('SUCCESS');
  return reply.body.obj!;
}

async function list(token: string, payload: Record<string, unknown> = {}) {
  const reply = await t.call(selectOrderLogisticsAddress, { phonePage: { pageSize: 10, pageNum: 1 }, ...payload }, { token });
  expect(reply.body.errorType, reply.body.msg).toBe('SUCCESS');
  return reply.body as unknown as { objs: LogisticsAddress[]; obj: { phonePage: { pageSize: number; pageNum: number; pageTotal: number } } };
}

const defaults = async (token: string) => (await list(token, { phonePage: { pageSize: 50, pageNum: 1 } })).objs.filter((a) => a.isDefAddr === 1).map((a) => a.id);

describe('saveOrderLogisticsAddress', () => {
  it('saves the address with the names of its codes; the first address becomes the default', async () => {
    const a = await newAgent('钱多多');
    const reply = await t.call(saveOrderLogisticsAddress, form(), { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功' });
    const saved = logisticsAddress.parse(reply.body.obj);
    expect(Object.keys(reply.body.obj).sort()).toEqual(Object.keys(logisticsAddress.shape).sort());
    expect(saved).toMatchObject({
      platId: 'plat-demo',
      agentId: a.agentId,
      createSuId: a.agentId,
      createSuName: '钱多多',
      country: '中国',
      receiverNmae: '赵强',
      receiverPhone: '13800000004',
      province: '广东省',
      provinceCode: '440000',
      city: '深圳市',
      cityCode: '440300',
      district: '南山区',
      districtCode: '440305',
      address: '科技园南区1号',
      postCode: '518000',
      isDefAddr: 1,
    });
    const second = await save(a.token, { address: '第二个地址' });
    expect(second.isDefAddr).toBe(0);
    expect(await defaults(a.token)).toEqual([saved.id]);
  });

  it('trims the text and accepts an empty postal code', async () => {
    const a = await newAgent();
    const saved = await save(a.token, { receiverNmae: '  陈一  ', address: ' 中山路2号 ', postCode: '' });
    expect(saved).toMatchObject({ receiverNmae: '陈一', address: '中山路2号', postCode: '' });
    const none = await save(a.token, { postCode: undefined });
    expect(none.postCode).toBe('');
  });

  it.each([
    [{ receiverNmae: '' }, '请输入收货人姓名'],
    [{ receiverNmae: '   ' }, '请输入收货人姓名'],
    [{ receiverNmae: undefined }, '请输入收货人姓名'],
    [{ receiverNmae: '一二三四五六七八九十一' }, '姓名长度不能超过10个字符'],
    [{ receiverPhone: '' }, '请输入手机号码'],
    [{ receiverPhone: undefined }, '请输入手机号码'],
    [{ receiverPhone: '1380000000' }, '请输入正确的手机号码'],
    [{ receiverPhone: '138000000041' }, '请输入正确的手机号码'],
    [{ receiverPhone: '12800000004' }, '请输入正确的手机号码'],
    [{ receiverPhone: '1380000000a' }, '请输入正确的手机号码'],
    [{ provinceCode: '', cityCode: '', districtCode: '' }, '请选择省市区'],
    [{ provinceCode: undefined, cityCode: undefined, districtCode: undefined }, '请选择省市区'],
    [{ provinceCode: '' }, '请选择省份'],
    [{ provinceCode: '44000' }, '请选择省份'],
    [{ cityCode: '' }, '请选择城市'],
    [{ cityCode: null, districtCode: null }, '请选择城市'],
    [{ districtCode: '' }, '请选择区县'],
    [{ districtCode: 'abcdef' }, '请选择区县'],
    [{ address: '' }, '请输入详细地址'],
    [{ address: '  ' }, '请输入详细地址'],
    [{ address: '路'.repeat(101) }, '详细地址长度不能超过100个字符'],
    [{ postCode: '51800' }, '邮政编码为6位数字'],
    [{ postCode: '5180001' }, '邮政编码为6位数字'],
    [{ postCode: '51800a' }, '邮政编码为6位数字'],
    [{ receiverNmae: '', receiverPhone: '', address: '' }, '请输入收货人姓名'],
    [{ receiverPhone: '1', provinceCode: '' }, '请输入正确的手机号码'],
  ])('refuses %j with "%s" and saves nothing', async (overrides, message) => {
    const a = await newAgent();
    const reply = await t.call(saveOrderLogisticsAddress, form(overrides), { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', errorTypeBoolean: false, msg: message, obj: null });
    expect((await list(a.token)).objs).toEqual([]);
  });

  it('accepts an address of 100 characters and a name of 10', async () => {
    const a = await newAgent();
    const saved = await save(a.token, { receiverNmae: '一二三四五六七八九十', address: '路'.repeat(100) });
    expect(saved.address).toHaveLength(100);
  });

  it('needs no city or district in Taiwan, Hong Kong and Macau (710000, 810000, 820000)', async () => {
    const a = await newAgent();
    const taiwan = await save(a.token, { provinceCode: '710000', cityCode: '', districtCode: '' });
    expect(taiwan).toMatchObject({ province: '台湾省', city: '', cityCode: '', district: '', districtCode: '' });
    const hongKong = await save(a.token, { provinceCode: '810000', cityCode: undefined, districtCode: undefined });
    expect(hongKong).toMatchObject({ province: '香港特别行政区', city: '', district: '' });
    const hongKongDistrict = await save(a.token, { provinceCode: '810000', cityCode: '810001', districtCode: '' });
    expect(hongKongDistrict).toMatchObject({ province: '香港特别行政区', city: '中西区', cityCode: '810001', district: '' });
    const macau = await save(a.token, { provinceCode: '820000', cityCode: '', districtCode: '' });
    expect(macau).toMatchObject({ province: '澳门特别行政区', city: '', district: '' });
  });

  it.each([
    ['municipality', { provinceCode: '110000', cityCode: '110100', districtCode: '110105' }, ['北京市', '北京市', '朝阳区']],
    ['Chongqing county', { provinceCode: '500000', cityCode: '500200', districtCode: '500229' }, ['重庆市', '县', '城口县']],
    ['city without districts', { provinceCode: '440000', cityCode: '441900', districtCode: '441900' }, ['广东省', '东莞市', '东莞市']],
  ])('takes the names of a %s', async (_kind, codes, names) => {
    const a = await newAgent();
    const reply = await t.call(saveOrderLogisticsAddress, form(codes), { token: a.token });
    expect(reply.body.obj).toMatchObject({ province: names[0], city: names[1], district: names[2] });
  });

  it.each([
    ['a city code given as the province', { provinceCode: '441900', cityCode: '441900', districtCode: '441900' }],
    ['an unknown province', { provinceCode: '990000', cityCode: '990100', districtCode: '990101' }],
    ['a city of another province', { provinceCode: '440000', cityCode: '110100', districtCode: '110105' }],
    ['a district of another city', { provinceCode: '440000', cityCode: '440100', districtCode: '440305' }],
    ['an unknown district', { provinceCode: '440000', cityCode: '440300', districtCode: '440399' }],
    ['a mainland city under Hong Kong', { provinceCode: '810000', cityCode: '440300', districtCode: '' }],
    ['a district in Taiwan', { provinceCode: '710000', cityCode: '', districtCode: '440305' }],
    ['a Macau district under Hong Kong', { provinceCode: '810000', cityCode: '820001', districtCode: '' }],
    ['a district given without its city (Hong Kong)', { provinceCode: '810000', cityCode: '', districtCode: '810001' }],
  ])('refuses %s ("所选省市区有误，请重新选择")', async (_kind, codes) => {
    const a = await newAgent();
    const reply = await t.call(saveOrderLogisticsAddress, form(codes), { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'VALIDATION', msg: '所选省市区有误，请重新选择' });
    expect((await list(a.token)).objs).toEqual([]);
  });

  it('needs a logged-in agent (HTTP 401)', async () => {
    const reply = await t.call(saveOrderLogisticsAddress, form());
    expect(reply.status).toBe(401);
  });
});

describe('selectOrderLogisticsAddress', () => {
  it('pages by 10, the default first then the newest; pageTotal is the number of pages', async () => {
    const a = await newAgent();
    const ids: number[] = [];
    for (let i = 1; i <= 23; i++) ids.push((await save(a.token, { address: `第${i}号` })).id);
    // The first is the default; make the 5th the default instead.
    await t.call(setLogisticsAddressDefAddr, { id: ids[4] }, { token: a.token });

    const page1 = await list(a.token);
    expect(page1.obj.phonePage).toEqual({ pageSize: 10, pageNum: 1, pageTotal: 3 });
    expect(page1.objs.map((x) => x.address)).toEqual(['第5号', '第23号', '第22号', '第21号', '第20号', '第19号', '第18号', '第17号', '第16号', '第15号']);
    const page3 = await list(a.token, { phonePage: { pageSize: 10, pageNum: 3 } });
    expect(page3.objs.map((x) => x.address)).toEqual(['第3号', '第2号', '第1号']);
    const page4 = await list(a.token, { phonePage: { pageSize: 10, pageNum: 4 } });
    expect(page4.objs).toEqual([]);
    expect(page4.obj.phonePage.pageTotal).toBe(3);

    const all = [page1, await list(a.token, { phonePage: { pageNum: 2 } }), page3].flatMap((p) => p.objs.map((x) => x.id));
    expect(new Set(all).size).toBe(23);

    const onlyDefault = await list(a.token, { isDefAddr: 1 });
    expect(onlyDefault.objs.map((x) => x.id)).toEqual([ids[4]]);
    expect(onlyDefault.obj.phonePage.pageTotal).toBe(1);
    expect((await list(a.token, { isDefAddr: 0, phonePage: { pageSize: 50, pageNum: 1 } })).objs).toHaveLength(22);
  });

  it('answers an empty page with pageTotal 0, and uses page 1 of 10 when phonePage is missing', async () => {
    const a = await newAgent();
    const reply = await t.call(selectOrderLogisticsAddress, {}, { token: a.token });
    expect(reply.body).toMatchObject({ errorType: 'SUCCESS', objs: [], obj: { phonePage: { pageSize: 10, pageNum: 1, pageTotal: 0 } } });
  });

  it("lists only the session agent's addresses, whatever agentId the payload names", async () => {
    const a = await newAgent();
    const b = await newAgent();
    await save(a.token, { address: 'A 的地址' });
    await save(b.token, { address: 'B 的地址' });
    const asB = await list(b.token, { agentId: a.agentId, platId: 'plat-demo' });
    expect(asB.objs.map((x) => x.address)).toEqual(['B 的地址']);
  });
});

describe('default address', () => {
  it('a new address marked default takes the default from the others', async () => {
    const a = await newAgent();
    const first = await save(a.token);
    const second = await save(a.token, { isDefAddr: 1 });
    expect(second.isDefAddr).toBe(1);
    expect(await defaults(a.token)).toEqual([second.id]);
    const got = await t.call(getOrderLogisticsById, { id: first.id }, { token: a.token });
    expect(got.body.obj.isDefAddr).toBe(0);
  });

  it('set-default clears the others; cancel leaves none; setting twice is harmless', async () => {
    const a = await newAgent();
    const [x, y, z] = [await save(a.token), await save(a.token), await save(a.token)];
    expect(await defaults(a.token)).toEqual([x.id]);
    const set = await t.call(setLogisticsAddressDefAddr, { id: z.id, platId: 'plat-demo', agentId: a.agentId }, { token: a.token });
    expect(set.body).toMatchObject({ errorType: 'SUCCESS', msg: '设置成功' });
    expect(await defaults(a.token)).toEqual([z.id]);
    await t.call(setLogisticsAddressDefAddr, { id: z.id }, { token: a.token });
    expect(await defaults(a.token)).toEqual([z.id]);
    const cancel = await t.call(cancelLogisticsAddressDefAddr, { id: z.id }, { token: a.token });
    expect(cancel.body).toMatchObject({ errorType: 'SUCCESS', msg: '已取消默认地址' });
    expect(await defaults(a.token)).toEqual([]);
    await t.call(setLogisticsAddressDefAddr, { id: y.id }, { token: a.token });
    expect(await defaults(a.token)).toEqual([y.id]);
  });

  it('an edit with isDefAddr 1 takes the default, with 0 gives it up, without it keeps it', async () => {
    const a = await newAgent();
    const [x, y] = [await save(a.token), await save(a.token)];
    const edit = (id: number, extra: Record<string, unknown>) =>
      t.call(updateOrderLogisticsAddress, { ...form(), id, ...extra }, { token: a.token });
    expect((await edit(y.id, { isDefAddr: 1 })).body.obj.isDefAddr).toBe(1);
    expect(await defaults(a.token)).toEqual([y.id]);
    const { isDefAddr: _omit, ...withoutFlag } = form();
    const kept = await t.call(updateOrderLogisticsAddress, { ...withoutFlag, id: y.id, address: '改了地址' }, { token: a.token });
    expect(kept.body.obj).toMatchObject({ isDefAddr: 1, address: '改了地址' });
    expect((await edit(y.id, { isDefAddr: 0 })).body.obj.isDefAddr).toBe(0);
    expect(await defaults(a.token)).toEqual([]);
    expect(x.isDefAddr).toBe(1);
  });

  it('stays one default when many set-default calls and default saves race', async () => {
    const a = await newAgent();
    const saved = [];
    for (let i = 0; i < 8; i++) saved.push(await save(a.token));
    await Promise.all([
      ...saved.map((s) => t.call(setLogisticsAddressDefAddr, { id: s.id }, { token: a.token })),
      ...[1, 2, 3].map(() => t.call(saveOrderLogisticsAddress, form({ isDefAddr: 1 }), { token: a.token })),
    ]).then((replies) => replies.forEach((r) => expect(r.body.errorType, r.body.msg).toBe('SUCCESS')));
    expect(await defaults(a.token)).toHaveLength(1);
  });

  it("an agent's first addresses saved at once make exactly one default", async () => {
    const a = await newAgent();
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => t.call(saveOrderLogisticsAddress, form(), { token: a.token })));
    replies.forEach((r) => expect(r.body.errorType, r.body.msg).toBe('SUCCESS'));
    expect(await defaults(a.token)).toHaveLength(1);
  });
});

describe('get, update and delete', () => {
  it('reads, edits and deletes an own address', async () => {
    const a = await newAgent();
    const saved = await save(a.token);
    const got = await t.call(getOrderLogisticsById, { id: saved.id }, { token: a.token });
    expect(got.body).toMatchObject({ errorType: 'SUCCESS', obj: saved });

    const updated = await t.call(
      updateOrderLogisticsAddress,
      form({ id: saved.id, receiverNmae: '孙丽', provinceCode: '810000', cityCode: '', districtCode: '', postCode: '' }),
      { token: a.token },
    );
    expect(updated.body).toMatchObject({ errorType: 'SUCCESS', msg: '保存成功' });
    expect(updated.body.obj).toMatchObject({ id: saved.id, receiverNmae: '孙丽', province: '香港特别行政区', city: '', cityCode: '', district: '', districtCode: '', postCode: '' });

    const removed = await t.call(deleteOrderLogisticsAddressById, { id: saved.id }, { token: a.token });
    expect(removed.body).toMatchObject({ errorType: 'SUCCESS', msg: '删除成功' });
    const gone = await t.call(getOrderLogisticsById, { id: saved.id }, { token: a.token });
    expect(gone.body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '地址不存在', obj: null });
  });

  it('checks an edit like a new address', async () => {
    const a = await newAgent();
    const saved = await save(a.token);
    for (const [overrides, message] of [
      [{ receiverNmae: '' }, '请输入收货人姓名'],
      [{ districtCode: '' }, '请选择区县'],
      [{ cityCode: '110100' }, '所选省市区有误，请重新选择'],
      [{ id: undefined }, '请求参数有误'],
    ] as const) {
      const reply = await t.call(updateOrderLogisticsAddress, form({ id: saved.id, ...overrides }), { token: a.token });
      expect(reply.body.msg).toBe(message);
    }
    expect((await t.call(getOrderLogisticsById, { id: saved.id }, { token: a.token })).body.obj).toEqual(saved);
  });

  it('answers "地址不存在" for an id that does not exist', async () => {
    const a = await newAgent();
    for (const op of [getOrderLogisticsById, deleteOrderLogisticsAddressById, setLogisticsAddressDefAddr, cancelLogisticsAddressDefAddr]) {
      const reply = await t.call(op, { id: 987654 }, { token: a.token });
      expect(reply.body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '地址不存在' });
    }
    const update = await t.call(updateOrderLogisticsAddress, form({ id: 987654 }), { token: a.token });
    expect(update.body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '地址不存在' });
  });
});

describe("another agent's address", () => {
  it('answers "地址不存在" to agent B for get, update, delete, set and cancel default, and changes nothing', async () => {
    const a = await newAgent('甲');
    const b = await newAgent('乙');
    const mine = await save(a.token, { isDefAddr: 1 });
    const other = await save(a.token);
    const bOwn = await save(b.token);
    const before = await list(a.token);

    const attempts = [
      t.call(getOrderLogisticsById, { id: mine.id }, { token: b.token }),
      t.call(updateOrderLogisticsAddress, form({ id: other.id, receiverNmae: '乙改的', isDefAddr: 1 }), { token: b.token }),
      t.call(deleteOrderLogisticsAddressById, { id: mine.id }, { token: b.token }),
      t.call(setLogisticsAddressDefAddr, { id: other.id, agentId: a.agentId }, { token: b.token }),
      t.call(cancelLogisticsAddressDefAddr, { id: mine.id, agentId: a.agentId }, { token: b.token }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.body).toMatchObject({ errorType: 'RECORD_NOT_FOUND', msg: '地址不存在', obj: null });
      expect(reply.text).not.toContain('科技园');
    }

    expect(await list(a.token)).toEqual(before);
    expect(await defaults(a.token)).toEqual([mine.id]);
    // B's own default was not touched by B's attempts on A's addresses.
    expect(await defaults(b.token)).toEqual([bOwn.id]);
  });
});
