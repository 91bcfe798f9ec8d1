import { CHANGE_TYPE } from '@shop/contract/ledger-codes';
import { changeName } from '@shop/contract/ledger-names';

/** spec 3 §9 total-score / goods-payment changeState as the records read (the names live once, in the contract). */
export const totalScoreChangeText = (state: number) => changeName('totalScore', state);
export const storeChangeText = (state: number) => changeName('store', state);

/** Record filters of the income/expense screens: all, income (1), expense (2). */
export const CHANGE_TABS = [
  { value: -1, title: '全部' },
  { value: CHANGE_TYPE.in, title: '收入' },
  { value: CHANGE_TYPE.out, title: '支出' },
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
