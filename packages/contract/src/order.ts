import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { boolIn, idempotencyKeyIn, idIn, int, intIn, mobile, numberIn, optionalText, required } from './validation.js';
import { quantity } from './cart.js';

/** Re-exported for the screens that import it from here; defined in pay-codes.ts. */
export { SETTLE_METHOD } from './pay-codes.js';

export const payMethod = z.object({
  id: int(),
  /** 1 WeChat, 2 total-branch income, 3 goods fund, 4 offline. */
  type: int(),
  isCanPayPostage: int(),
  isEnable: int(),
});

export const selectPayMethod = defineOp({
  name: 'selectPayMethod',
  path: '/api/order/selectPayMethod.do',
  auth: 'agent',
  input: z.object({ isEnable: z.optional(intIn()), platId: optionalText(64), isRechargeEnable: z.optional(z.unknown()), apgId: z.optional(z.unknown()) }),
  /** obj: the top-up flags (spec 3 §3 Pay method): WeChat is offered for a top-up only when both are 1. */
  output: z.object({ objs: z.array(payMethod), obj: z.optional(z.object({ rechargeState: int(), loanRechargeState: int() })) }),
});

export const selectOrderRuleSet = defineOp({
  name: 'selectOrderRuleSet',
  path: '/api/order/selectOrderRuleSet.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64) }),
  output: z.object({ objs: z.array(z.object({ noPayChanelSet: int(), postState: int(), postMoney: yuanOut })) }),
});

export const getUpAgentInfo = defineOp({
  name: 'getUpAgentInfo',
  path: '/api/agent/getUpAgentInfo.do',
  auth: 'agent',
  input: z.object({ id: z.optional(intIn()), agentType: z.optional(intIn()), platId: optionalText(64) }),
  /** The upper agent (the inviter), or null for an agent under headquarters. */
  output: z.object({
    obj: z.nullable(z.object({ agentId: int(), agentName: z.string(), agentCode: z.string(), phone: z.string() })),
  }),
});

export const accountInfo = z.object({ lastStore: yuanOut, laveIncome: yuanOut, laveIntegral: int() });

export const selectMyAccoutInfo = defineOp({
  name: 'selectMyAccoutInfo',
  path: '/api/agentAccount/selectMyAccoutInfo.do',
  auth: 'agent',
  input: z.object({ agentId: z.optional(intIn()), platId: optionalText(64) }),
  output: z.object({ obj: accountInfo }),
});

export const selectMyPageData = defineOp({
  name: 'selectMyPageData',
  path: '/api/agent/selectMyPageData.do',
  auth: 'agent',
  input: z.object({ id: z.optional(intIn()), platId: optionalText(64) }),
  output: z.object({
    obj: z.object({
      account: accountInfo,
      bondMoney: yuanOut,
      /** Agents this agent invited directly. */
      ztNum: int(),
      dfkNum: int(),
      dfhNum: int(),
      dshNum: int(),
      ywcNum: int(),
      allNum: int(),
      /** spec 1 §3 the store section: isOpenShop 1 when the agent's store is open, shopId its id, shopUrl `/store/<shopId>` (ADR 0042). */
      isOpenShop: int(),
      shopId: z.nullable(int()),
      shopUrl: z.string(),
      agentStatus: int(),
      isNeedBondStatus: int(),
    }),
  }),
});

/** A line to price: the server reads everything else (price, weight, stock) from the catalog. */
export const orderLineIn = z.object({
  singleProdId: idIn('请选择商品规格'),
  buyNum: quantity,
  prodId: z.optional(idIn()),
});

export const selectOrderPostMoney = defineOp({
  name: 'selectOrderPostMoney',
  path: '/api/order/selectOrderPostMoney.do',
  auth: 'agent',
  input: z.object({
    receiveCountyId: required('请选择收货地址', z.regex(/^\d{6}$/, '请选择收货地址')),
    orderType: z._default(z.pipe(numberIn(), z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '订单类型有误' })), 1),
    seckillId: z.optional(idIn('活动不存在')),
    orderProductDetailBos: z.array(orderLineIn, { error: '请选择商品' }).check(z.minLength(1, '请选择商品')),
  }),
  output: z.object({ obj: z.object({ postMoney: yuanOut, isUpSendPost: int(), freeFrom: z.nullable(yuanOut) }) }),
});


export const saveOrderInfoInput = z.object({
  platId: optionalText(64),
  orderType: z.pipe(numberIn('订单类型有误'), z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '订单类型有误' })),
  addressId: idIn('请选择收货地址'),
  /** None when nothing is payable in money (a points exchange the points cover); else required ('请选择支付方式'). */
  payType: z.optional(
    z.pipe(
      numberIn('请选择支付方式'),
      z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '请选择支付方式' }),
    ),
  ),
  orderNote: z.optional(z.string().check(z.trim(), z.maxLength(50, '买家留言不能超过50个字'))),
  seckillId: z.optional(idIn('活动不存在')),
  orderProductDetailBos: z.array(orderLineIn, { error: '请选择商品' }).check(z.minLength(1, '请选择商品')),
  /** Cart lines this order settles; they leave the cart when it is saved. */
  orderShopCart: z.optional(z.array(idIn())),
  /** Welfare orders: the points switch. */
  usePoints: z.optional(boolIn()),
  /** What the screen showed; refused when it differs from what the server computes. */
  totalMoney: z.optional(yuanAmount()),
  postMoney: z.optional(yuanAmount()),
  actualMoney: z.optional(yuanAmount()),
  /** Total-score pay with a payment password: checked on the server (spec 1 §5). */
  payPassword: z.optional(z.string().check(z.regex(/^\d{6}$/, '请输入6位数字支付密码'))),
  idempotencyKey: idempotencyKeyIn(),
  // The receiver as the legacy client sends it; the server uses the stored address of addressId.
  receiverName: optionalText(32),
  receiverPhone: z.optional(mobile()),
});

export const orderInfo = z.object({
  id: int(),
  orderCode: z.string(),
  orderType: int(),
  payType: int(),
  circulationState: int(),
  actualMoney: yuanOut,
  totalMoney: yuanOut,
  postMoney: yuanOut,
  pointBalanceMoney: yuanOut,
  balancePoint: int(),
  actualPoint: int(),
  isUpSendPost: int(),
  createDate: z.string(),
});

export const saveOrderInfo = defineOp({
  name: 'saveOrderInfo',
  path: '/api/order/saveOrderInfo.do',
  auth: 'agent',
  input: saveOrderInfoInput,
  output: z.object({ obj: orderInfo }),
  successMsg: '下单成功',
});

const previewLine = z.object({
  prodId: int(),
  singleProdId: int(),
  prodName: z.string(),
  specDispStr: z.string(),
  imgUrl: z.string(),
  buyNum: int(),
  /** The agent's unit price (exchange price for activity items); retail in `price`. */
  finalPrice: yuanOut,
  price: yuanOut,
  /** Exchange points per unit. */
  prodPoint: int(),
  isFirstGift: int(),
});

/**
 * What the settlement screen shows, priced by the server exactly as saveOrderInfo will price it: lines, gift items,
 * goods, freight to the chosen address, the points offer and the balances the pay methods depend on.
 */
export const previewOrder = defineOp({
  name: 'previewOrder',
  path: '/api/order/previewOrder.do',
  auth: 'agent',
  input: z.object({
    orderType: saveOrderInfoInput.shape.orderType,
    seckillId: z.optional(idIn('活动不存在')),
    orderProductDetailBos: saveOrderInfoInput.shape.orderProductDetailBos,
    addressId: z.optional(idIn('请选择收货地址')),
    usePoints: z.optional(boolIn()),
  }),
  output: z.object({
    obj: z.object({
      lines: z.array(previewLine),
      gifts: z.array(previewLine),
      totalMoney: yuanOut,
      postMoney: yuanOut,
      allMoney: yuanOut,
      actualMoney: yuanOut,
      isUpSendPost: int(),
      freeFrom: z.nullable(yuanOut),
      /** 1 when the points switch is offered (welfare order whose first product allows points). */
      pointsOffered: int(),
      availablePoints: int(),
      /** Points the switch would use and the money they offset. */
      pointsNeeded: int(),
      pointsMoney: yuanOut,
      /** Exchange points of a points-exchange order. */
      prodAllPoint: int(),
      lastStore: yuanOut,
      laveIncome: yuanOut,
    }),
  }),
});
