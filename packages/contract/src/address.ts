import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { needsCity } from './region.js';
import { flag, formInOrder, idIn, int, MOBILE_PATTERN, required } from './validation.js';

const id = () => idIn('请求参数有误');

/** spec 2 §3 order logistics address; `receiverNmae` is spelled so on the wire. Names are taken from the codes. */
export const logisticsAddress = z.object({
  id: int(),
  platId: z.string(),
  agentId: int(),
  createSuId: int(),
  createSuName: z.string(),
  country: z.string(),
  receiverNmae: z.string(),
  receiverPhone: z.string(),
  province: z.string(),
  provinceCode: z.string(),
  city: z.string(),
  cityCode: z.string(),
  district: z.string(),
  districtCode: z.string(),
  address: z.string(),
  postCode: z.string(),
  isDefAddr: int(),
});
export type LogisticsAddress = z.output<typeof logisticsAddress>;

export const ADDRESS_MESSAGES = {
  deleteTitle: '删除确认',
  deleteContent: '确认删除该地址吗？',
  empty: '暂无收货地址',
  finished: '没有更多了',
  notFound: '地址不存在',
  regionMismatch: '所选省市区有误，请重新选择',
} as const;

/** A region code: six digits, or nothing (whether it is needed is a check across the three codes). */
const regionCode = (message: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: message }).check(z.trim(), z.regex(/^(\d{6})?$/, message)))),
    z.transform((v) => v ?? ''),
  );
const codeOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** spec 2 §5 address form, in the order the form shows its fields. */
const addressFields = {
  receiverNmae: required('请输入收货人姓名', z.maxLength(10, '姓名长度不能超过10个字符')),
  receiverPhone: required('请输入手机号码', z.maxLength(11, '请输入正确的手机号码'), z.regex(MOBILE_PATTERN, '请输入正确的手机号码')),
  provinceCode: regionCode('请选择省份'),
  cityCode: regionCode('请选择城市'),
  districtCode: regionCode('请选择区县'),
  address: required('请输入详细地址', z.maxLength(100, '详细地址长度不能超过100个字符')),
  postCode: z.pipe(
    z.optional(z.nullable(z.string({ error: '邮政编码为6位数字' }).check(z.trim(), z.regex(/^(\d{6})?$/, '邮政编码为6位数字')))),
    z.transform((v) => v ?? ''),
  ),
  isDefAddr: z._default(flag(), 0),
};

// Province, city and district are one picker: nothing picked asks for all three, else for the first one missing.
// spec 2 §5: Taiwan, Hong Kong and Macau need no city or district.
const regionChecks = {
  provinceCode: (v: Record<string, unknown>) =>
    codeOf(v.provinceCode) ? null : codeOf(v.cityCode) || codeOf(v.districtCode) ? '请选择省份' : '请选择省市区',
  cityCode: (v: Record<string, unknown>) => (needsCity(codeOf(v.provinceCode)) && !codeOf(v.cityCode) ? '请选择城市' : null),
  districtCode: (v: Record<string, unknown>) =>
    needsCity(codeOf(v.provinceCode)) && !codeOf(v.districtCode) ? '请选择区县' : null,
};

/** The /addressP form and the save payload: the first message in field order. */
export const addressForm = formInOrder(z.object(addressFields), regionChecks);
export type AddressFormValues = z.output<typeof addressForm>;

// An edit without isDefAddr keeps the default flag as it is.
const updateInput = formInOrder(z.object({ id: id(), ...addressFields, isDefAddr: z.optional(flag()) }), regionChecks);
const byId = z.object({ id: id() });

export const selectOrderLogisticsAddress = defineOp({
  name: 'selectOrderLogisticsAddress',
  path: '/api/order/selectOrderLogisticsAddress.do',
  auth: 'agent',
  // platId and agentId are accepted as the legacy client sends them; the session's agent is what counts.
  input: z.object({ isDefAddr: z.optional(flag()), phonePage: phonePageIn }),
  /** The default address first, then the newest. `phonePage.pageTotal` is the number of pages (0 when empty). */
  output: z.object({ objs: z.array(logisticsAddress), obj: z.object({ phonePage: phonePageOut }) }),
});

export const saveOrderLogisticsAddress = defineOp({
  name: 'saveOrderLogisticsAddress',
  path: '/api/order/saveOrderLogisticsAddress.do',
  auth: 'agent',
  input: addressForm,
  output: z.object({ obj: logisticsAddress }),
  successMsg: '保存成功',
});

export const updateOrderLogisticsAddress = defineOp({
  name: 'updateOrderLogisticsAddress',
  path: '/api/order/updateOrderLogisticsAddress.do',
  auth: 'agent',
  input: updateInput,
  output: z.object({ obj: logisticsAddress }),
  successMsg: '保存成功',
});

export const deleteOrderLogisticsAddressById = defineOp({
  name: 'deleteOrderLogisticsAddressById',
  path: '/api/order/deleteOrderLogisticsAddressById.do',
  auth: 'agent',
  input: byId,
  output: z.object({}),
  successMsg: '删除成功',
});

export const setLogisticsAddressDefAddr = defineOp({
  name: 'setLogisticsAddressDefAddr',
  path: '/api/order/setLogisticsAddressDefAddr.do',
  auth: 'agent',
  input: byId,
  output: z.object({}),
  successMsg: '设置成功',
});

export const cancelLogisticsAddressDefAddr = defineOp({
  name: 'cancelLogisticsAddressDefAddr',
  path: '/api/order/cancelLogisticsAddressDefAddr.do',
  auth: 'agent',
  input: byId,
  output: z.object({}),
  successMsg: '已取消默认地址',
});

export const getOrderLogisticsById = defineOp({
  name: 'getOrderLogisticsById',
  path: '/api/order/getOrderLogisticsById.do',
  auth: 'agent',
  input: byId,
  output: z.object({ obj: logisticsAddress }),
});

/**
 * The one formatter of an address in one line (every screen, the console and the export use it): a municipality's city
 * repeats its province (北京市 北京市 东城区) or is the placeholder 市辖区, and is left out: 北京市东城区….
 */
export function addressLine(province: string, city: string, district: string, detail: string): string {
  const sameCity = city === province || city === '市辖区';
  return `${province}${sameCity ? '' : city}${district}${detail}`;
}

/** The address in one line, as the list and the settlement show it. */
export const fullAddress = (a: Pick<LogisticsAddress, 'province' | 'city' | 'district' | 'address'>) => addressLine(a.province, a.city, a.district, a.address);

/** The address form's fields and region checks, for a staff change of an order's receiving address (ADR 0035). */
export { addressFields as addressFormFields, regionChecks as addressRegionChecks };
