/** Tag colours of the order states (circulationState 1–7). */
export const STATE_COLOR: Readonly<Record<number, string>> = {
  1: 'orange',
  2: 'gold',
  3: 'blue',
  4: 'cyan',
  5: 'green',
  6: 'default',
  7: 'default',
  8: 'red',
};

/** Offline payment review (confirmPayState) and receipt records (checkState), as the detail says them. */
export const CONFIRM_PAY_TEXT: Readonly<Record<number, string>> = { 0: '—', 1: '待审核', 2: '审核通过', 3: '已驳回' };
export const CHECK_STATE_TEXT: Readonly<Record<number, string>> = { 0: '待审核', 1: '审核通过', 2: '审核驳回' };
