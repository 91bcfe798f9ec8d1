/** spec 2 §4 pay type codes on an order, as the detail shows them. */
export const PAY_TYPE_TEXT: Readonly<Record<number, string>> = {
  1: '货款余额',
  2: '微信支付',
  3: '总分支付',
  4: '线下支付',
  5: '积分支付',
  6: '货款余额+微信',
  7: '货款余额+总分',
  8: '货款余额+线下',
  9: '货款余额+积分',
  10: '微信+总分',
  11: '微信+线下',
  12: '微信+积分',
  13: '总分+线下',
  14: '总分+积分',
  15: '线下+积分',
};

/** Review of an offline receipt record: 0 awaiting, 1 approved, 2 rejected. */
export const CHECK_STATE_TEXT: Readonly<Record<number, string>> = { 0: '待审核', 1: '审核通过', 2: '审核驳回' };

/** The full receiving address, as the settlement shows it. */
export const receiverAddress = (o: { receiverProvince: string; receiverCity: string; receiverCounty: string; receiverAddress: string }) =>
  `${o.receiverProvince}${o.receiverCity}${o.receiverCounty}${o.receiverAddress}`;
