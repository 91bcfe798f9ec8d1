import { CHECK_STATE, CONFIRM_PAY_STATE, ORDER_STATE } from '@shop/contract/order-state';

/** Tag colours of the order states (circulationState). */
export const STATE_COLOR: Readonly<Record<number, string>> = {
  [ORDER_STATE.unpaid]: 'orange',
  [ORDER_STATE.review]: 'gold',
  [ORDER_STATE.toShip]: 'blue',
  [ORDER_STATE.shipped]: 'cyan',
  [ORDER_STATE.done]: 'green',
  [ORDER_STATE.closed]: 'default',
  [ORDER_STATE.timedOut]: 'default',
  [ORDER_STATE.refunded]: 'red',
};

/** Offline payment review (confirmPayState) and receipt records (checkState), as the detail says them. */
export const CONFIRM_PAY_TEXT: Readonly<Record<number, string>> = {
  [CONFIRM_PAY_STATE.none]: '—',
  [CONFIRM_PAY_STATE.pending]: '待审核',
  [CONFIRM_PAY_STATE.approved]: '审核通过',
  [CONFIRM_PAY_STATE.rejected]: '已驳回',
};
export const CHECK_STATE_TEXT: Readonly<Record<number, string>> = { [CHECK_STATE.pending]: '待审核', [CHECK_STATE.passed]: '审核通过', [CHECK_STATE.rejected]: '审核驳回' };
