import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { int } from './validation.js';
import { ORDER_STATE_TEXT } from './orders.js';
import { WECHAT_PAYMENT_STATE_TEXT } from './staff-orders-console.js';
import { AUDIT_TARGET_NAMES, AUDITED_OPERATION_NAMES, selectAuditLog } from './audit-trail.js';
import { SETTING_NAMES } from './settings-console.js';

/**
 * The audit trail as a person reads it (ADR 0033, issue "finance operations" §5): every audited operation by its
 * Chinese name, targets by their codes, states in words, details as labelled fields. One table for the server (the
 * trail's rows and its export) and the console (filters).
 */

/**
 * Every operation a staff write records under, by its Chinese name. The older table of the agents' screen is spread
 * first, so a name added there shows here too; an operation missing from both reads as 「其他操作」 plus its name.
 */
export const AUDIT_OPERATION_NAMES: Readonly<Record<string, string>> = {
  ...AUDITED_OPERATION_NAMES,
  changeOwnStaffPassword: '修改本人密码',
  refundOrder: '订单退款',
  payRefundPayout: '退款打款',
  reviewAfterSale: '审核售后申请',
  receiveAfterSaleReturn: '售后确认收到退货',
  refundAfterSale: '售后退款',
  proposeSetting: '提交设置变更',
  decideSettingProposal: '复核设置变更',
  saveSetting: '修改设置',
  saveProduct: '保存商品',
  saveProductSpec: '保存商品规格',
  saveSpecGifts: '保存规格赠品',
  adjustStock: '调整库存',
  saveBanner: '保存轮播图',
  saveNotice: '保存公告',
  saveActivity: '保存活动',
  saveMaterialClassify: '保存素材分类',
  saveMaterial: '保存素材',
  saveChatGreeting: '修改客服欢迎语',
  generateCodeBatch: '生成码批次',
  assignTraceCodes: '分配溯源码',
  saveCertificateTemplate: '修改证书模板',
};

/** What audit records act on (targetKind) by name; settings read as 「设置·<name>」. */
export const AUDIT_TARGET_KIND_NAMES: Readonly<Record<string, string>> = {
  ...AUDIT_TARGET_NAMES,
  spec: '商品规格',
  product: '商品',
  banner: '轮播图',
  notice: '公告',
  activity: '活动',
  material: '素材',
  material_classify: '素材分类',
  chat_settings: '客服设置',
  code_batch: '码批次',
  certificate_template: '证书模板',
  afterSale: '售后申请',
};

export function auditOperationName(operation: string): string {
  return AUDIT_OPERATION_NAMES[operation] ?? `其他操作（${operation}）`;
}

export function auditTargetKindName(kind: string): string {
  if (kind.startsWith('setting:')) {
    const key = kind.slice('setting:'.length);
    return `设置·${(SETTING_NAMES as Record<string, string>)[key] ?? key}`;
  }
  return AUDIT_TARGET_KIND_NAMES[kind] ?? kind;
}

const REVIEW_TEXT: Readonly<Record<string, string>> = { '0': '待审核', '1': '已通过', '2': '已驳回', '3': '已取消', '-1': '待支付' };
const WITHDRAW_TEXT: Readonly<Record<string, string>> = { '0': '待打款', '1': '已打款', '2': '已驳回' };
const words = (table: Readonly<Record<string | number, string>>) => (v: string) => table[v] ?? v;

/** How the states an operation records as numbers read in words (spec 3 §4–§8, spec 2 §4). */
const STATE_WORDS: Readonly<Record<string, (v: string) => string>> = {
  reviewWithdrawal: words(WITHDRAW_TEXT),
  reviewRecharge: words(REVIEW_TEXT),
  reviewBondPayment: words(REVIEW_TEXT),
  reviewBondReturn: words(REVIEW_TEXT),
  reviewOfflinePayment: words(ORDER_STATE_TEXT),
  closeOrderByStaff: words(ORDER_STATE_TEXT),
  shipOrder: words(ORDER_STATE_TEXT),
  shipOrdersBatch: words(ORDER_STATE_TEXT),
  refundWechatPayment: words(WECHAT_PAYMENT_STATE_TEXT),
  freezeStore: words({ frozen: '已冻结', thawed: '已解冻' }),
};

/** A recorded state of `operation` in words: 「1」 of a withdrawal reads 「已打款」; text already in words stays. */
export function auditStateText(operation: string, value: string): string {
  if (!value) return '';
  return STATE_WORDS[operation]?.(value) ?? value;
}

/** Labels of the keys that structured details and before/after records carry. */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: '编号',
  title: '标题',
  name: '名称',
  sort: '排序',
  isShow: '显示',
  is_show: '显示',
  imgUrl: '图片',
  img_url: '图片',
  linkUrl: '链接',
  link_url: '链接',
  content: '内容',
  releaseDate: '解冻日期',
  release_date: '发布时间',
  receipt: '付款凭证',
  payType: '支付方式',
  subject: '支付对象',
  outTradeNo: '商户单号',
  batch: '批次',
  range: '序号',
  classifyId: '分类',
  classify_id: '分类',
  items: '明细',
  startTime: '开始时间',
  endTime: '结束时间',
  start_date: '开始时间',
  end_date: '结束时间',
  act_name: '活动名称',
  actName: '活动名称',
  notice_title: '公告标题',
  noticeTitle: '公告标题',
  plat_id: '平台',
  created_at: '创建时间',
  modified_at: '修改时间',
  grades: '等级',
  fields: '位置',
  enabled: '启用',
  username: '账号',
  displayName: '姓名',
  role: '角色',
  state: '状态',
  totp: '动态验证码',
  code: '编号',
  account: '账户',
};

export const auditFieldLabel = (key: string) => AUDIT_FIELD_LABELS[key] ?? key;

/** At most this many rows in one export; a bigger selection is refused with a hint to narrow the dates. */
export const AUDIT_EXPORT_MAX_ROWS = 5000;

export const AUDIT_LOG_MESSAGES = {
  exportTooMany: `导出行数超过 ${AUDIT_EXPORT_MAX_ROWS} 行，请缩小日期范围或增加筛选条件后再导出`,
} as const;

/** The filtered audit trail (phonePage ignored) as an XLSX workbook, base64 in the envelope; newest first. */
export const exportAuditLog = defineOp({
  name: 'exportAuditLog',
  path: '/api/staff/exportAuditLog.do',
  auth: 'staff',
  input: selectAuditLog.input,
  output: z.object({ obj: z.object({ fileName: z.string(), base64: z.string(), rows: int() }) }),
});

/** spec 3 §7 / §8: how a top-up, upgrade or deposit was paid (RECHARGE_PAY_TYPE, BOND_PAY_TYPE share the codes). */
const PAY_TYPE_WORDS: Readonly<Record<string, string>> = { '1': '线下转账', '2': '微信支付', '3': '总分支付' };
const SUBJECT_WORDS: Readonly<Record<string, string>> = { order: '订单', recharge: '首充/充值', upgrade: '升级', bond: '保证金' };
/** Keys of `key=value` details. */
const DETAIL_KEYS: Readonly<Record<string, string>> = { payoutReference: '打款流水号', releaseDate: '解冻日期' };
const CODE_LABEL: Readonly<Record<string, string>> = {
  reviewRecharge: '申请单号',
  reviewBondPayment: '缴纳单号',
  reviewBondReturn: '退还单号',
  reviewOfflinePayment: '订单编号',
  shipOrder: '订单编号',
  shipOrdersBatch: '订单编号',
  closeOrderByStaff: '订单编号',
};

const isJson = (s: string) => /^\s*[[{]/.test(s);
const parse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/** One value in words: yes/no for flags, nested records as 「名称：值；…」, never braces. */
function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) return v.length ? v.map(valueText).join('；') : '无';
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${auditFieldLabel(k)}：${valueText(x)}`)
      .join('，');
  }
  return String(v);
}

/** A structured record as labelled fields. */
function recordFields(v: unknown): { label: string; value: string }[] {
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.entries(v as Record<string, unknown>).map(([k, x]) => ({ label: auditFieldLabel(k), value: valueText(x) }));
  return [{ label: '内容', value: valueText(v) }];
}

/** What changed between two structured records, field by field, as 「旧 → 新」 (a new record lists its fields). */
function changedFields(before: unknown, after: unknown): { label: string; value: string }[] {
  const b = before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : null;
  const a = after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
  if (!a) return recordFields(after);
  if (!b) return recordFields(a);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ label: auditFieldLabel(k), value: `${valueText(b[k])} → ${valueText(a[k])}` }));
}

/** A recorded detail as labelled fields: the known shapes of each operation, `key=value` pairs, JSON, or plain words. */
function detailFields(operation: string, detail: string): { label: string; value: string }[] {
  const d = detail.trim();
  if (!d) return [];
  if (isJson(d)) {
    const v = parse(d);
    if (v !== undefined) return recordFields(v);
  }
  if (/^\w+=\S*$/.test(d.split(/\s+/)[0] ?? '')) {
    return d.split(/\s+/).map((pair) => {
      const [k = '', ...rest] = pair.split('=');
      return { label: DETAIL_KEYS[k] ?? auditFieldLabel(k), value: rest.join('=') || '—' };
    });
  }
  if (operation === 'saveSetting') return [{ label: '设置项', value: (SETTING_NAMES as Record<string, string>)[d] ?? d }];
  let m = /^(\S+) payType (\d+)$/.exec(d);
  if (m) return [{ label: CODE_LABEL[operation] ?? '单号', value: m[1]! }, { label: '支付方式', value: PAY_TYPE_WORDS[m[2]!] ?? m[2]! }];
  m = /^(\S+) payout (\S*)(.*)$/.exec(d);
  if (m) return [{ label: CODE_LABEL[operation] ?? '单号', value: m[1]! }, { label: '打款流水号', value: m[2] || '—' }, ...(m[3] ? [{ label: '说明', value: m[3].replace(/^[，,\s]+/, '') }] : [])];
  m = /^(\S+) receipt (\d+)$/.exec(d);
  if (m) return [{ label: '订单编号', value: m[1]! }, { label: '付款凭证', value: `第 ${m[2]} 份` }];
  m = /^(order|recharge|upgrade|bond) (\d+) (\S+)( asked again)?$/.exec(d);
  if (m) return [{ label: '支付对象', value: SUBJECT_WORDS[m[1]!] ?? m[1]! }, { label: '商户单号', value: m[3]! }, ...(m[4] ? [{ label: '说明', value: '再次发起退款' }] : [])];
  const code = CODE_LABEL[operation];
  if (code && /^\S+$/.test(d)) return [{ label: code, value: d }];
  if (code) {
    const [first = '', ...rest] = d.split(' ');
    if (/^[A-Za-z0-9]+$/.test(first)) return [{ label: code, value: first }, { label: '说明', value: rest.join(' ') }];
  }
  // 「账户：货款余额」 already names its field.
  const named = /^([^：:，,\s]{1,12})[：:](.+)$/.exec(d);
  if (named) return [{ label: named[1]!, value: named[2]!.trim() }];
  return [{ label: '说明', value: d }];
}

const ROLE_WORDS: Readonly<Record<string, string>> = { admin: '管理员', finance: '财务', warehouse: '仓库', service: '客服', operator: '运营' };

/** saveStaff keeps a member as 'account/name/role/启用[/TOTP]': the role in words. */
function staffText(s: string): string {
  const parts = s.split('/');
  if (parts.length < 4) return s;
  const [username, name, role, state, totp] = parts;
  return `${username}（${name}），${ROLE_WORDS[role!] ?? role}，${state}${totp ? '，已绑定动态验证码' : ''}`;
}

/**
 * An audit record as a person reads it (ADR 0033): states in words, a structured before/after as the fields that
 * changed, the detail as labelled fields.
 */
export function readableAudit(r: { operation: string; before: string; after: string; detail: string }): {
  beforeText: string;
  afterText: string;
  fields: { label: string; value: string }[];
} {
  const structured = isJson(r.before) || isJson(r.after);
  const before = structured ? parse(r.before || 'null') : undefined;
  const after = structured ? parse(r.after || 'null') : undefined;
  if (structured && (before !== undefined || after !== undefined)) {
    return { beforeText: r.before ? '见明细' : '', afterText: '见明细', fields: [...changedFields(before, after), ...detailFields(r.operation, r.detail)] };
  }
  const text = (v: string) => (r.operation === 'saveStaff' ? staffText(v) : auditStateText(r.operation, v));
  return { beforeText: text(r.before), afterText: text(r.after), fields: detailFields(r.operation, r.detail) };
}
