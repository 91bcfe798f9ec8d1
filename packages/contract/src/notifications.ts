import * as z from 'zod/mini';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut } from './paging.js';
import { boolIn, idIn, int, intIn } from './validation.js';

/**
 * What the agent is told (ADR 0037): one in-app message per event in the message centre (/messages), and a WeChat
 * template message sent from a transactional outbox, which the agent may switch off per kind on /seeting.
 */

/** The kinds of event, each with its own template (系统设置) and WeChat switch. */
export const NOTIFY_KINDS = [
  'recharge', 'withdrawal', 'bond', 'bondDue', 'offlinePayment', 'orderShipped', 'orderClosed', 'income', 'adjustment', 'chat',
  'afterSales', 'announcement',
] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_KIND_TEXT: Record<NotifyKind, string> = {
  recharge: '充值与升级审核',
  withdrawal: '提现',
  bond: '合规金审核',
  bondDue: '合规金待缴纳',
  offlinePayment: '线下支付审核',
  orderShipped: '订单发货',
  orderClosed: '订单关闭',
  income: '收益解冻',
  adjustment: '余额调整',
  chat: '客服回复',
  afterSales: '售后进度',
  announcement: '平台公告',
};

/** The message centre's tabs: each kind belongs to one group. */
export const MESSAGE_GROUPS = ['all', 'funds', 'orders', 'service', 'notice'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];
export const MESSAGE_GROUP_TEXT: Record<MessageGroup, string> = { all: '全部', funds: '资金', orders: '订单', service: '客服', notice: '公告' };
export const KIND_GROUP: Record<NotifyKind, Exclude<MessageGroup, 'all'>> = {
  recharge: 'funds',
  withdrawal: 'funds',
  bond: 'funds',
  bondDue: 'funds',
  income: 'funds',
  adjustment: 'funds',
  offlinePayment: 'orders',
  orderShipped: 'orders',
  orderClosed: 'orders',
  afterSales: 'orders',
  chat: 'service',
  announcement: 'notice',
};
export const kindsOfGroup = (g: MessageGroup): NotifyKind[] => (g === 'all' ? [...NOTIFY_KINDS] : NOTIFY_KINDS.filter((k) => KIND_GROUP[k] === g));

/** The event fields a template key can be filled from. */
export const TEMPLATE_SOURCES = ['title', 'body', 'time', 'amount', 'reference', 'reason', 'orderCode', 'carrier', 'waybill'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];
export const TEMPLATE_SOURCE_TEXT: Record<TemplateSource, string> = {
  title: '标题',
  body: '内容',
  time: '时间',
  amount: '金额',
  reference: '流水号',
  reason: '原因',
  orderCode: '单号',
  carrier: '快递公司',
  waybill: '运单号',
};

export const NOTIFY_MESSAGES = {
  notFound: '消息不存在，请刷新后重试',
  groupInvalid: '消息分类有误，请重新选择',
  kindInvalid: '消息类型有误，请刷新后重试',
  titleRequired: '请输入公告标题',
  titleTooLong: '公告标题不能超过30个字',
  bodyRequired: '请输入公告内容',
  bodyTooLong: '公告内容不能超过300个字',
  gradeNotFound: '等级不存在，请重新选择',
  deadNotFound: '该消息已不在失败列表中，请刷新后重试',
  templateIdTooLong: '模板编号不能超过64个字符',
  templateKeyInvalid: '模板字段名只能是字母、数字和下划线，不超过32位',
  templateKeysTooMany: '每个模板最多10个字段',
  templateStale: '模板设置已被他人修改，请刷新后再保存',
  noAgents: '所选范围内没有代理商，请换一个等级',
} as const;
const M = NOTIFY_MESSAGES;

const kindIn = z.enum(NOTIFY_KINDS, { error: M.kindInvalid });
const groupIn = z._default(z.enum(MESSAGE_GROUPS, { error: M.groupInvalid }), 'all');

export const messageItem = z.object({
  id: int(),
  kind: z.string(),
  kindText: z.string(),
  group: z.string(),
  title: z.string(),
  body: z.string(),
  /** The shop route of the record ('/totalTxRecord?id=12'); empty when it has none. */
  link: z.string(),
  read: z.boolean(),
  /** China time 'yyyy-MM-dd HH:mm:ss'. */
  createDate: z.string(),
});
export type MessageItem = z.output<typeof messageItem>;

/** The agent's messages of one tab, newest first, with the unread count of each tab. */
export const selectMyMessages = defineOp({
  name: 'selectMyMessages',
  path: '/api/message/selectMyMessages.do',
  auth: 'agent',
  input: z.object({ group: groupIn, phonePage: phonePageIn }),
  output: z.object({
    objs: z.array(messageItem),
    obj: z.object({ phonePage: phonePageOut, unread: z.record(z.string(), int()) }),
  }),
});

/** The bell's number: a tiny call made after the first paint of /home and /my. */
export const countMyUnread = defineOp({
  name: 'countMyUnread',
  path: '/api/message/countMyUnread.do',
  auth: 'agent',
  input: z.object({}),
  output: z.object({ obj: z.object({ unread: int() }) }),
});

export const readMyMessage = defineOp({
  name: 'readMyMessage',
  path: '/api/message/readMyMessage.do',
  auth: 'agent',
  input: z.object({ id: idIn(M.notFound) }),
  output: z.object({ obj: z.object({ id: int(), link: z.string() }) }),
});

export const readAllMyMessages = defineOp({
  name: 'readAllMyMessages',
  path: '/api/message/readAllMyMessages.do',
  auth: 'agent',
  input: z.object({ group: groupIn }),
  output: z.object({ obj: z.object({ count: int() }) }),
  successMsg: '已全部标为已读',
});

export const notifyPref = z.object({ kind: z.string(), kindText: z.string(), wechatOn: z.boolean() });
export const selectMyNotifyPrefs = defineOp({
  name: 'selectMyNotifyPrefs',
  path: '/api/message/selectMyNotifyPrefs.do',
  auth: 'agent',
  input: z.object({}),
  output: z.object({ objs: z.array(notifyPref), obj: z.object({ wechatBound: z.boolean() }) }),
});

export const saveMyNotifyPref = defineOp({
  name: 'saveMyNotifyPref',
  path: '/api/message/saveMyNotifyPref.do',
  auth: 'agent',
  input: z.object({ kind: kindIn, wechatOn: boolIn() }),
  output: z.object({ obj: notifyPref }),
  successMsg: '已保存',
});

// ---- staff ----

export const sendAnnouncement = defineOp({
  name: 'sendAnnouncement',
  path: '/api/staff/sendAnnouncement.do',
  auth: 'staff',
  input: z.object({
    title: z.string({ error: M.titleRequired }).check(z.trim(), z.minLength(1, M.titleRequired), z.maxLength(30, M.titleTooLong)),
    body: z.string({ error: M.bodyRequired }).check(z.trim(), z.minLength(1, M.bodyRequired), z.maxLength(300, M.bodyTooLong)),
    /** null: every agent of the platform; else the agents of that grade. */
    gradeId: z._default(z.nullable(idIn(M.gradeNotFound)), null),
  }),
  /** ADR 0043: `count` agents are reached; the messages are written in batches (progress in selectAnnouncements). */
  output: z.object({ obj: z.object({ id: int(), count: int() }) }),
  successMsg: '公告已开始发送',
});

export const announcementItem = z.object({
  id: int(),
  title: z.string(),
  body: z.string(),
  /** '全部代理商' or '等级 <name>'. */
  scopeText: z.string(),
  total: int(),
  sent: int(),
  /** 'sending' | 'done'. */
  state: z.string(),
  stateText: z.string(),
  staffName: z.string(),
  createDate: z.string(),
  finishDate: z.string(),
});
export type AnnouncementItem = z.output<typeof announcementItem>;

/** The announcements sent, newest first, with 已发送 N / M while they fan out (ADR 0043). */
export const selectAnnouncements = defineOp({
  name: 'selectAnnouncements',
  path: '/api/staff/selectAnnouncements.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(announcementItem) }),
});

export const deadLetter = z.object({
  id: int(),
  agentId: int(),
  agentName: z.string(),
  phone: z.string(),
  kind: z.string(),
  kindText: z.string(),
  title: z.string(),
  attempts: int(),
  lastError: z.string(),
  createDate: z.string(),
});
export const selectDeadLetters = defineOp({
  name: 'selectDeadLetters',
  path: '/api/staff/selectDeadLetters.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(deadLetter) }),
});

export const retryDeadLetter = defineOp({
  name: 'retryDeadLetter',
  path: '/api/staff/retryDeadLetter.do',
  auth: 'staff',
  input: z.object({ id: idIn(M.deadNotFound) }),
  output: z.object({ obj: z.object({ id: int() }) }),
  successMsg: '已重新排队发送',
});

export const deliveryDay = z.object({ date: z.string(), inApp: int(), sent: int(), skipped: int(), dead: int(), pending: int() });
export const selectDeliveryCounts = defineOp({
  name: 'selectDeliveryCounts',
  path: '/api/staff/selectDeliveryCounts.do',
  auth: 'staff',
  input: z.object({ days: z._default(intIn(undefined, z.minimum(1), z.maximum(31)), 7) }),
  output: z.object({ objs: z.array(deliveryDay) }),
});

const templateField = z.object({
  key: z.string({ error: M.templateKeyInvalid }).check(z.trim(), z.regex(/^[A-Za-z0-9_]{1,32}$/, M.templateKeyInvalid)),
  source: z.enum(TEMPLATE_SOURCES, { error: M.kindInvalid }),
});
export const notifyTemplate = z.object({
  kind: kindIn,
  templateId: z.string().check(z.trim(), z.maxLength(64, M.templateIdTooLong)),
  fields: z.array(templateField).check(z.maxLength(10, M.templateKeysTooMany)),
});
export type NotifyTemplate = z.output<typeof notifyTemplate>;

export const selectNotifyTemplates = defineOp({
  name: 'selectNotifyTemplates',
  path: '/api/staff/selectNotifyTemplates.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(notifyTemplate), obj: z.object({ version: int() }) }),
});

export const saveNotifyTemplates = defineOp({
  name: 'saveNotifyTemplates',
  path: '/api/staff/saveNotifyTemplates.do',
  auth: 'staff',
  input: z.object({ version: intIn(M.templateStale, z.minimum(0)), templates: z.array(notifyTemplate).check(z.maxLength(NOTIFY_KINDS.length)) }),
  output: z.object({ obj: z.object({ version: int() }) }),
  successMsg: '模板设置已保存',
});
