import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { idempotencyKeyIn, idIn, int, intIn, numberIn, optionalText } from './validation.js';

const orderId = idIn('订单不存在');

/** spec 2 §2 /payment radio: 6 WeChat, 7 total-branch income, 8 offline; 1 when the goods fund pays it all. */
export const PAY_METHOD = { balance: 1, wechat: 6, income: 7, offline: 8 } as const;

/** spec 2 §3 receipt record, as the offline form sends it (the server fills the rest). */
export const receiptRecordIn = z.object({
  accountId: idIn('请选择收款账户'),
  remitAccountName: z.optional(z.string().check(z.trim(), z.maxLength(30, '打款账户名不能超过30个字'))),
  remitAccountNumber: z.optional(z.string().check(z.trim(), z.maxLength(30, '打款账户不能超过30个字'))),
  /** Upload URLs joined by semicolons (or commas), at most 6. */
  voucherImgUrl: z.string({ error: '请上传打款凭证' }).check(z.trim(), z.minLength(1, '请上传打款凭证'), z.maxLength(2000)),
  remark: z.optional(z.string().check(z.trim(), z.maxLength(50, '备注不能超过50个字'))),
});

/** What the payment screen needs to offer the split (spec 2 §2 /payment). */
export const selectOrderPayInfo = defineOp({
  name: 'selectOrderPayInfo',
  path: '/api/order/selectOrderPayInfo.do',
  auth: 'agent',
  input: z.object({ id: orderId }),
  output: z.object({
    obj: z.object({
      id: int(),
      orderCode: z.string(),
      circulationState: int(),
      totalMoney: yuanOut,
      postMoney: yuanOut,
      actualMoney: yuanOut,
      /** spec 1 §4 isCanState and the split it gives. */
      isCanState: z.number(),
      goodsPayMoney: yuanOut,
      outstanding: yuanOut,
      shortfall: yuanOut,
      lastStore: yuanOut,
      laveIncome: yuanOut,
      /** Pay-method types enabled (1 WeChat, 2 income, 3 goods fund, 4 offline). */
      methods: z.array(int()),
      payDeadline: z.string(),
      serverTime: z.string(),
      /** 2: the remitter's name and account are required for offline payment. */
      lineChargeVoucher: int(),
      /** A WeChat payment is already under way for this order. */
      wechatPending: z.boolean(),
    }),
  }),
});

export const fnSelBaseOfflinePayAccount = defineOp({
  name: 'fnSelBaseOfflinePayAccount',
  path: '/api/order/fnSelBaseOfflinePayAccount.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), accountBelongType: z.optional(intIn()), apgId: z.optional(intIn()) }),
  output: z.object({
    objs: z.array(
      z.object({
        id: int(),
        accountClassify: int(),
        bankDicName: z.string(),
        subBankName: z.string(),
        accountName: z.string(),
        accountNumber: z.string(),
        qrCodeImgUrl: z.string(),
        isDefault: int(),
      }),
    ),
  }),
});

export const fnSelectBaseOfflinePaySet = defineOp({
  name: 'fnSelectBaseOfflinePaySet',
  path: '/api/order/fnSelectBaseOfflinePaySet.do',
  auth: 'agent',
  input: z.object({ platId: optionalText(64), freightTempletId: z.optional(intIn()) }),
  output: z.object({ objs: z.array(z.object({ lineChargeVoucher: int() })) }),
});

/** JSAPI parameters for WeixinJSBridge getBrandWCPayRequest (reference §1.3). */
export const wechatPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  packageValue: z.string(),
  signType: z.string(),
  paySign: z.string(),
  outTradeNo: z.string(),
});

export const orderPayment = defineOp({
  name: 'orderPayment',
  path: '/api/order/orderPayment.do',
  auth: 'agent',
  input: z.object({
    id: orderId,
    payType: z.pipe(
      numberIn('请选择支付方式'),
      z.union([z.literal(1), z.literal(6), z.literal(7), z.literal(8)], { error: '请选择支付方式' }),
    ),
    /** What the screen showed; refused when the server's split differs. */
    goodsPayMoney: z.optional(yuanAmount()),
    awardPayMoney: z.optional(yuanAmount()),
    otherActualMoney: z.optional(yuanAmount()),
    offlinePayMoney: z.optional(yuanAmount()),
    orderReceiptRecordBo: z.optional(receiptRecordIn),
    payPassword: z.optional(z.string().check(z.regex(/^\d{6}$/, '请输入6位数字支付密码'))),
    openId: optionalText(128),
    idempotencyKey: idempotencyKeyIn(),
  }),
  /** WeChat: the JSAPI parameters to invoke the payment with; others: the order after payment. */
  output: z.object({
    obj: z.object({
      id: int(),
      orderCode: z.string(),
      circulationState: int(),
      payType: int(),
      actualMoney: yuanOut,
      wechat: z.nullable(wechatPayParams),
    }),
  }),
  successMsg: '支付成功',
});

/** spec 1 §7 orderPrePay: the WeChat payment of an order straight from the settlement. */
export const orderPrePay = defineOp({
  name: 'orderPrePay',
  path: '/api/v3/orderPrePay.do',
  auth: 'agent',
  input: z.object({
    orderId,
    openId: optionalText(128),
    agentId: z.optional(intIn()),
    apgId: z.optional(intIn()),
    payMoney: z.optional(yuanAmount()),
    otherMoney: z.optional(yuanAmount()),
  }),
  output: z.object({ obj: wechatPayParams }),
});
