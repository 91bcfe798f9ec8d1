import { INCOME_CHANGE, STORE_CHANGE } from '@shop/contract/ledger-codes';

/** spec 3 §9 total-score changeState as the records read. */
const INCOME_TEXT: Record<number, string> = {
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

/** spec 3 §9 goods-payment changeState; any other value is shown as frozen. */
const STORE_TEXT: Record<number, string> = {
  [STORE_CHANGE.manualAdd]: '手动增加',
  [STORE_CHANGE.recharge]: '充值',
  [STORE_CHANGE.upgradeTopUp]: '升级充值',
  [STORE_CHANGE.frozenTransfer]: '冻结转入',
  [STORE_CHANGE.orderClosedRefund]: '订单关闭退回',
  [STORE_CHANGE.manualReduce]: '手动减少',
  [STORE_CHANGE.purchaseUse]: '购货使用',
  [STORE_CHANGE.subAgentPurchaseUse]: '下级购货使用',
};

export const incomeChangeText = (state: number) => INCOME_TEXT[state] ?? '其他';
export const storeChangeText = (state: number) => STORE_TEXT[state] ?? '冻结';

/** Record filters of the income/expense screens: all, income (1), expense (2). */
export const CHANGE_TABS = [
  { value: -1, title: '全部' },
  { value: 1, title: '收入' },
  { value: 2, title: '支出' },
] as const;

/** spec 3 §4: withdrawal checkState 0 withdrawing, 1 withdrawn, 2 expired; the tab 全部 is -1. */
export const WITHDRAW_TABS = [
  { value: 0, title: '提现中' },
  { value: 1, title: '已提现' },
  { value: 2, title: '已失效' },
  { value: -1, title: '全部' },
] as const;
export const withdrawStateText = (s: number) => WITHDRAW_TABS.find((t) => t.value === s)?.title ?? '';

/** spec 3 §4: recharge checkState 0 pending review, 1 recharged, 2 expired/rejected; the tab 全部 is -1. */
export const RECHARGE_TABS = [
  { value: 0, title: '待审核' },
  { value: 1, title: '已充值' },
  { value: 2, title: '已失效' },
  { value: -1, title: '全部' },
] as const;
export const rechargeStateText = (s: number) => RECHARGE_TABS.find((t) => t.value === s)?.title ?? '';
