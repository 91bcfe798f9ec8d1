import * as z from 'zod/mini';
import { POINTS_CHANGE } from './ledger-codes.js';
import { formInOrder, length, mobile, required, trimmed } from './validation.js';

/** spec 3 §5 / §8 messages of the account area (points, passwords, profile), said once for the form and the server. */
export const ACCOUNT_AREA_MESSAGES = {
  signClosed: '签到未开启',
  signedToday: '今日已签到',
  signed: '签到成功',
  noFriends: '暂无好友',
  currentPassword: '请输入当前密码',
  newPassword: '请输入新密码',
  passwordLength: '密码长度为6~10位',
  confirmPassword: '请再次输入新密码',
  passwordsDiffer: '两次新密码输入不一致',
  currentWrong: '当前密码错误',
  passwordChanged: '修改成功，请重新登录',
  payDigits: '支付密码为6位数字',
  payConfirm: '请再次输入支付密码',
  payDiffer: '两次支付密码输入不一致',
  paySameAsOld: '新支付密码不能与旧密码相同',
  payAlreadySet: '已设置支付密码，请修改支付密码',
  payNotSet: '尚未设置支付密码',
  paySaved: '设置成功',
  phoneRequired: '手机号不能为空',
  codeRequired: '验证码不能为空',
  ownPhone: '请输入本人手机号',
  nameRequired: '请输入姓名',
  nameLength: '姓名长度不能超过10个字符',
  wxLength: '微信号不能超过40个字符',
  birthRange: '出生日期须在1949-01-01至2025-11-01之间',
  sexInvalid: '请选择性别',
  areaRequired: '请选择所在地区',
  avatarOne: '头像只能上传一张',
  phoneChanged: '你已修改手机号，请重新登录',
  profileSaved: '保存成功',
  phoneTaken: '该手机号已注册',
  phoneCodeNeeded: '修改手机号需要输入新手机号收到的验证码',
} as const;

/** spec 3 §9: birth date picker range. */
export const BIRTH_RANGE = { min: '1949-01-01', max: '2025-11-01' } as const;
/** spec 3 §3 Profile sex: 0 female, 1 male, 2 secret. */
export const SEX_NAMES: Record<number, string> = { 0: '女', 1: '男', 2: '保密' };
/** spec 3 §7 selectAgentFlqPointRank selRankType. */
export const RANK_TYPE = { history: 1, month: 2 } as const;
/** spec 3 §9: the rank list loads only the first 2 pages. */
export const RANK_PAGES = 2;

/** spec 3 §9 points change sources as the history shows them; any other value is expiry. */
const POINTS_SOURCE_TEXT: Record<number, string> = {
  [POINTS_CHANGE.manualAdd]: '总部手动增加',
  [POINTS_CHANGE.signIn]: '签到赠送',
  [POINTS_CHANGE.signInStreak]: '连续签到额外赠送',
  [POINTS_CHANGE.spendingGift]: '消费赠送',
  [POINTS_CHANGE.orderClosedRefund]: '订单关闭退还',
  [POINTS_CHANGE.orderCancelledRefund]: '订单取消退还',
  [POINTS_CHANGE.rechargeGift]: '充值赠送',
  [POINTS_CHANGE.welfareDiscount]: '福利商品优惠金额',
  [POINTS_CHANGE.manualReduce]: '总部手动减少',
  [POINTS_CHANGE.exchange]: '积分兑换',
  [POINTS_CHANGE.offset]: '积分抵扣',
};
export const pointsSourceText = (changeSource: number) => POINTS_SOURCE_TEXT[changeSource] ?? '积分过期清零';

/**
 * spec 3 §4: ranks are shared by equal totals (pointCount + monthPointCount) of neighbours, otherwise they rise by
 * one, continuing across pages (`before` is the last entry of the previous page).
 */
export function rankEntries<T extends { pointCount: number; monthPointCount: number }>(
  rows: T[],
  before: { indexRank: number; total: number } | null = null,
): (T & { indexRank: number })[] {
  let prev = before;
  return rows.map((row) => {
    const total = row.pointCount + row.monthPointCount;
    const indexRank = prev && prev.total === total ? prev.indexRank : (prev?.indexRank ?? 0) + 1;
    prev = { indexRank, total };
    return { ...row, indexRank };
  });
}

export const loginPasswordNew = () => required(ACCOUNT_AREA_MESSAGES.newPassword, ...length(6, 10, ACCOUNT_AREA_MESSAGES.passwordLength));
export const payPassword = (message: string = ACCOUNT_AREA_MESSAGES.payDigits) => required(message, z.regex(/^\d{6}$/, ACCOUNT_AREA_MESSAGES.payDigits));
export const smsCodeIn = () => required(ACCOUNT_AREA_MESSAGES.codeRequired, z.regex(/^\d{6}$/, '验证码输入不正确'));

/** /edidPass (spec 3 §5 Login password change), in the order the form shows its fields. */
export const loginPasswordForm = formInOrder(
  z.object({
    suPassword: required(ACCOUNT_AREA_MESSAGES.currentPassword),
    newPassword: loginPasswordNew(),
    confirmPassword: required(ACCOUNT_AREA_MESSAGES.confirmPassword),
  }),
  { confirmPassword: (v) => (trimmed(v.confirmPassword) === trimmed(v.newPassword) ? null : ACCOUNT_AREA_MESSAGES.passwordsDiffer) },
);

/** /payPass (spec 3 §5 Payment password): phone and code for a change, and for the first one too (ADR 0024). */
export function payPasswordForm() {
  const confirm = (v: Record<string, unknown>) => (v.confirmPayPassword === v.newPayPassword ? null : ACCOUNT_AREA_MESSAGES.payDiffer);
  return formInOrder(
    z.object({
      suPhone: mobile(ACCOUNT_AREA_MESSAGES.phoneRequired),
      smsCode: smsCodeIn(),
      newPayPassword: payPassword(),
      confirmPayPassword: payPassword(ACCOUNT_AREA_MESSAGES.payConfirm),
    }),
    { confirmPayPassword: confirm },
  );
}
