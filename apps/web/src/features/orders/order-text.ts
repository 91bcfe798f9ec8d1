import { addressLine } from '@shop/contract/address';
/** spec 2 §4 pay type codes on an order, as the detail shows them (named once, in the contract). */
export { ORDER_PAY_TYPE_TEXT as PAY_TYPE_TEXT } from '@shop/contract/pay-codes';

/** Review of an offline receipt record: 0 awaiting, 1 approved, 2 rejected. */
export const CHECK_STATE_TEXT: Readonly<Record<number, string>> = { 0: '待审核', 1: '审核通过', 2: '审核驳回' };

/** The full receiving address, as the settlement shows it. */
export const receiverAddress = (o: { receiverProvince: string; receiverCity: string; receiverCounty: string; receiverAddress: string }) =>
  addressLine(o.receiverProvince, o.receiverCity, o.receiverCounty, o.receiverAddress);
