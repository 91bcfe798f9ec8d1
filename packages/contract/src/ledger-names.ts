import { INCOME_CHANGE, STORE_CHANGE } from './ledger-codes.js';
import { pointsSourceText } from './account-area-rules.js';

/**
 * spec 3 §9: the names of the change codes as the record screens read them, per account, for the staff console's
 * change records (the shop's screens say the same words).
 */
/**
 * The 总分's ledger key is 'totalScore' (docs/ARCHITECTURE.md glossary). Its legacy word 'income' is what
 * account_changes.account stores (the tables keep the legacy names, mapped in the api's ledger module) and is still
 * accepted where a request names an account: `accountKeyOf` reads it as 'totalScore'.
 */
export const LEGACY_ACCOUNT_KEYS: Readonly<Record<string, 'totalScore'>> = { income: 'totalScore' };
export const accountKeyOf = (v: unknown): unknown => (typeof v === 'string' && Object.hasOwn(LEGACY_ACCOUNT_KEYS, v) ? LEGACY_ACCOUNT_KEYS[v] : v);

const INCOME_NAMES: Readonly<Record<number, string>> = {
  [INCOME_CHANGE.manualAdd]: '手动增加',
  [INCOME_CHANGE.transferIn]: '转入',
  [INCOME_CHANGE.salesScoreIncome]: '销售积分收入',
  [INCOME_CHANGE.serviceIncome]: '服务收入',
  [INCOME_CHANGE.recruitmentIncome]: '招商收入',
  [INCOME_CHANGE.retailIncome]: '零售收入',
  [INCOME_CHANGE.salesIncome]: '销售收入',
  [INCOME_CHANGE.withdrawalFailed]: '提现失败',
  [INCOME_CHANGE.orderCancelledAdd]: '订单取消增加',
  [INCOME_CHANGE.selfPurchaseIncome]: '自购收入',
  [INCOME_CHANGE.manualReduce]: '手动减少',
  [INCOME_CHANGE.purchaseUse]: '购货使用',
  [INCOME_CHANGE.serviceExpense]: '服务支出',
  [INCOME_CHANGE.recruitmentExpense]: '招商支出',
  [INCOME_CHANGE.withdrawalExpense]: '提现支出',
  [INCOME_CHANGE.transferOut]: '转出',
  [INCOME_CHANGE.postage]: '邮费',
  [INCOME_CHANGE.upgradeTopUp]: '升级充值',
  [INCOME_CHANGE.complianceDeposit]: '合规金',
  [INCOME_CHANGE.fee]: '手续费',
  [INCOME_CHANGE.welfareDiscount]: '福利商品优惠',
};

const STORE_NAMES: Readonly<Record<number, string>> = {
  [STORE_CHANGE.manualAdd]: '手动增加',
  [STORE_CHANGE.recharge]: '充值',
  [STORE_CHANGE.upgradeTopUp]: '升级充值',
  [STORE_CHANGE.frozenTransfer]: '冻结转入',
  [STORE_CHANGE.orderClosedRefund]: '订单关闭退回',
  [STORE_CHANGE.manualReduce]: '手动减少',
  [STORE_CHANGE.purchaseUse]: '购货使用',
  [STORE_CHANGE.subAgentPurchaseUse]: '下级购货使用',
};

/** The name of a change code of one account ('store' goods fund, 'totalScore' 总分, 'integral' points). */
export function changeName(account: 'store' | 'totalScore' | 'integral', changeState: number): string {
  if (account === 'integral') return pointsSourceText(changeState);
  if (account === 'totalScore') return INCOME_NAMES[changeState] ?? '其他';
  return STORE_NAMES[changeState] ?? '冻结';
}
