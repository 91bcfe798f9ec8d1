import * as z from 'zod/mini';
import { yuanAmount, yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { phonePageIn, phonePageOut, staffListOut } from './paging.js';
import { idempotencyKeyIn, idIn, int, intIn, mobile, optionalText, required } from './validation.js';

/**
 * The agent's retail store (ADR 0038): consumers who are not agents buy from an agent's own store under
 * /store/<shopId>; headquarters is paid and ships; the agent earns the retail margin (total-score change 16,
 * spec 3 §9), frozen until the consumer's VD order (spec 1 §8, spec 2 §2) is received. Consumer operations use
 * the auth audience 'consumer' (header `consumerToken`, issued by consumerLogin from the WeChat OAuth code).
 */

export const STORE_MESSAGES = {
  storeClosed: '该店铺暂未开放，请联系分享给您的代理',
  storeNotEnabled: '您的店铺尚未开通，请联系总部开通后再设置',
  nameRequired: '请输入店铺名称',
  nameTooLong: '店铺名称不能超过20个字',
  greetingTooLong: '店铺欢迎语不能超过100个字',
  imageTooLong: '店铺图片地址过长，请重新上传',
  productNotRetail: '该商品暂不支持零售，请刷新后重新选择',
  priceRequired: '请输入零售价',
  priceBelowBand: (min: string) => `零售价不能低于总部设置的最低价 ${min} 元，请调整`,
  priceAboveBand: (max: string) => `零售价不能高于总部设置的最高价 ${max} 元，请调整`,
  priceBelowGrade: (grade: string) => `零售价不能低于您的进货价 ${grade} 元，请调整`,
  productRepeated: '同一规格只能设置一次，请合并后提交',
  productsRequired: '请选择要设置的商品',
  consumerLoginRequired: '请在微信中打开店铺链接后再下单',
  phoneUnconfirmed: '首次下单请先验证手机号',
  cartEmpty: '购物车是空的，请先选择商品',
  productUnavailable: (name: string) => `「${name}」已下架或暂不零售，请从购物车移除后再下单`,
  stockShort: (name: string) => `「${name}」库存不足，请减少数量后再下单`,
  priceChanged: '商品价格已变化，请刷新后重新下单',
  addressRequired: '请填写完整的收货地址',
  orderNotFound: '订单不存在',
  orderNotUnpaid: '订单已支付或已关闭，请勿重复支付',
  orderNotShipped: '订单尚未发货，暂不能确认收货',
  orderNotRefundable: '只有已付款的店铺订单（待发货、待收货、已完成）可以退款',
  orderAlreadyRefunded: '该店铺订单已全部退款',
  refundReasonRequired: '请输入退款原因',
  wechatMissing: '未找到该订单已成功的微信支付，不能原路退回，请刷新后重试',
  bandInvalid: '最低价不能高于最高价，默认零售价须在最低价和最高价之间，请调整',
  bandNotFound: '商品规格不存在，请刷新后重试',
  agentNotFound: '代理不存在，请刷新后重试',
  gradeNotFound: '等级不存在，请刷新后重试',
  logisticsRequired: '请选择物流公司并填写运单号',
  orderNotToShip: '该店铺订单不是待发货状态，请刷新后查看',
} as const;
const M = STORE_MESSAGES;

/** The serial prefix of a store order (spec 1 §8, spec 2 §2): VD, beside DD / HK / HG. */
export const STORE_ORDER_PREFIX = 'VD';
/** The console's and the warehouse queue's mark of a VD order. */
export const STORE_ORDER_LABEL = '门店订单';

/** store_orders.state: the agents' circulation codes where they mean the same (spec 2 §4), so labels are shared. */
export const STORE_ORDER_STATE = { unpaid: 1, toShip: 3, shipped: 4, done: 5, closed: 6, timedOut: 7, refunded: 8 } as const;
export const STORE_ORDER_STATE_TEXT: Readonly<Record<number, string>> = {
  1: '待付款',
  3: '待发货',
  4: '待收货',
  5: '已完成',
  6: '已关闭',
  7: '已关闭',
  8: '已退款',
};
/** The retail income of a store order: frozen (冻结中) until received + N days, then released; reversed by a refund. */
export const RETAIL_INCOME_STATE = { none: 0, frozen: 1, released: 2, reversed: 3 } as const;
export const RETAIL_INCOME_STATE_TEXT: Readonly<Record<number, string>> = { 0: '未产生', 1: '冻结中', 2: '已到账', 3: '已冲回' };

const shopIdIn = idIn(M.storeClosed);

// ---------------------------------------------------------------- consumer side (public store, consumer session)

/** A store's product as the consumer sees it: one row per product, its specs with the agent's retail prices. */
const storeSpecOut = z.object({
  singleProdId: int(),
  specDispStr: z.string(),
  price: yuanOut,
  /** 0 when sold out. */
  stock: int(),
  imgUrl: z.string(),
});
const storeProductOut = z.object({
  prodId: int(),
  prodName: z.string(),
  imgUrl: z.string(),
  /** The lowest spec price, for the list. */
  price: yuanOut,
  specs: z.array(storeSpecOut),
});
const storeHead = z.object({
  shopId: int(),
  storeName: z.string(),
  storeImgUrl: z.string(),
  greeting: z.string(),
});

/** The store's home: its name, image, greeting and every product it shows, with the agent's prices (spec 1 §3). */
export const selStoreHome = defineOp({
  name: 'selStoreHome',
  path: '/api/store/selStoreHome.do',
  auth: 'public',
  input: z.object({ shopId: shopIdIn }),
  output: z.object({ obj: z.extend(storeHead, { products: z.array(storeProductOut) }) }),
});

/** One product of the store, with its detail text (HTML sanitised as the catalog's). */
export const selStoreProduct = defineOp({
  name: 'selStoreProduct',
  path: '/api/store/selStoreProduct.do',
  auth: 'public',
  input: z.object({ shopId: shopIdIn, prodId: idIn(M.productNotRetail) }),
  output: z.object({ obj: z.extend(storeProductOut, { detail: z.string(), images: z.array(z.string()) }) }),
});

/**
 * The consumer's session from the silent WeChat OAuth code (snsapi_base, as the shop's): the server exchanges the
 * code for the openId and answers a consumerToken; the openId itself never comes from the client.
 */
export const consumerLogin = defineOp({
  name: 'consumerLogin',
  path: '/api/store/consumerLogin.do',
  auth: 'public',
  input: z.object({ code: required('授权码不能为空', z.maxLength(256)), shopId: z.optional(shopIdIn) }),
  output: z.object({
    obj: z.object({ consumerToken: z.string(), openId: z.string(), phoneConfirmed: int(), maskedPhone: z.string() }),
  }),
});

/** The consumer's own session: whether the phone is confirmed (the first checkout asks for it). */
export const selConsumerInfo = defineOp({
  name: 'selConsumerInfo',
  path: '/api/store/selConsumerInfo.do',
  auth: 'consumer',
  input: z.object({}),
  output: z.object({ obj: z.object({ phoneConfirmed: int(), maskedPhone: z.string() }) }),
});

/** SMS code to confirm the consumer's phone (the shop's SMS provider and its rate limits, ADR 0005). */
export const consumerSendSmsCode = defineOp({
  name: 'consumerSendSmsCode',
  path: '/api/store/consumerSendSmsCode.do',
  auth: 'consumer',
  input: z.object({ phone: mobile() }),
  output: z.object({}),
  successMsg: '验证码发送成功',
});

export const consumerConfirmPhone = defineOp({
  name: 'consumerConfirmPhone',
  path: '/api/store/consumerConfirmPhone.do',
  auth: 'consumer',
  input: z.object({ phone: mobile(), smsCode: required('验证码不能为空', z.regex(/^\d{6}$/, '验证码输入不正确')) }),
  output: z.object({ obj: z.object({ phoneConfirmed: int(), maskedPhone: z.string() }) }),
  successMsg: '手机号验证成功',
});

const receiverIn = {
  receiverName: required(M.addressRequired, z.maxLength(32, '收货人姓名不能超过32个字')),
  receiverPhone: mobile('请输入收货人手机号'),
  receiverProvince: required(M.addressRequired, z.maxLength(32)),
  receiverCity: required(M.addressRequired, z.maxLength(32)),
  receiverCounty: required(M.addressRequired, z.maxLength(32)),
  receiveCountyId: required(M.addressRequired, z.regex(/^\d{6}$/, M.addressRequired)),
  receiverAddress: required(M.addressRequired, z.maxLength(120, '详细地址不能超过120个字')),
};

/** A cart line: the server reads the price, weight and stock itself. */
export const storeLineIn = z.object({
  singleProdId: idIn(M.productNotRetail),
  buyNum: intIn('购买数量应为1~999的整数', z.minimum(1, '购买数量应为1~999的整数'), z.maximum(999, '购买数量应为1~999的整数')),
});

/**
 * Checkout: a VD order at the agent's retail prices, stock taken as the agents' orders take it (same lock order),
 * no postage (headquarters ships free), no gifts or points (ADR 0038). `payMoney` is what the screen showed: a
 * different server figure refuses with priceChanged. The idempotency key answers a repeated submit with the same order.
 */
export const saveStoreOrder = defineOp({
  name: 'saveStoreOrder',
  path: '/api/store/saveStoreOrder.do',
  auth: 'consumer',
  input: z.object({
    shopId: shopIdIn,
    lines: z.array(storeLineIn, { error: M.cartEmpty }).check(z.minLength(1, M.cartEmpty), z.maxLength(50, M.cartEmpty)),
    ...receiverIn,
    orderNote: z.optional(z.string().check(z.trim(), z.maxLength(50, '买家留言不能超过50个字'))),
    payMoney: z.optional(yuanAmount()),
    idempotencyKey: idempotencyKeyIn(),
  }),
  output: z.object({ obj: z.object({ id: int(), orderCode: z.string(), actualMoney: yuanOut, payDeadline: z.string() }) }),
  successMsg: '下单成功',
});

/** WeChat JSAPI prepay of the consumer's unpaid VD order (the payment wing, ADR 0012); the sandbox elsewhere. */
export const storeOrderPrePay = defineOp({
  name: 'storeOrderPrePay',
  path: '/api/store/storeOrderPrePay.do',
  auth: 'consumer',
  input: z.object({ id: idIn(M.orderNotFound) }),
  output: z.object({
    obj: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      packageValue: z.string(),
      signType: z.string(),
      paySign: z.string(),
      outTradeNo: z.string(),
    }),
  }),
});

const storeOrderLineOut = z.object({
  id: int(),
  prodId: int(),
  singleProdId: int(),
  prodName: z.string(),
  specDispStr: z.string(),
  imgUrl: z.string(),
  buyNum: int(),
  price: yuanOut,
  lineMoney: yuanOut,
});

/** A VD order as its consumer reads it. */
export const consumerOrderOut = z.object({
  id: int(),
  orderCode: z.string(),
  shopId: int(),
  storeName: z.string(),
  state: int(),
  stateText: z.string(),
  actualMoney: yuanOut,
  refundMoney: yuanOut,
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  logisticsName: z.string(),
  waybillCode: z.string(),
  createDate: z.string(),
  payDate: z.nullable(z.string()),
  payDeadline: z.nullable(z.string()),
  sendDate: z.nullable(z.string()),
  receiptDate: z.nullable(z.string()),
  lines: z.array(storeOrderLineOut),
});

export const selConsumerOrders = defineOp({
  name: 'selConsumerOrders',
  path: '/api/store/selConsumerOrders.do',
  auth: 'consumer',
  input: z.object({ state: z.optional(intIn()), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(consumerOrderOut), obj: z.object({ phonePage: phonePageOut }) }),
});

export const selConsumerOrder = defineOp({
  name: 'selConsumerOrder',
  path: '/api/store/selConsumerOrder.do',
  auth: 'consumer',
  input: z.object({ id: idIn(M.orderNotFound) }),
  output: z.object({ obj: consumerOrderOut }),
});

/** The consumer confirms receipt of a shipped VD order (state 4 → 5); the retail income's release clock starts. */
export const consumerReceiveOrder = defineOp({
  name: 'consumerReceiveOrder',
  path: '/api/store/consumerReceiveOrder.do',
  auth: 'consumer',
  input: z.object({ id: idIn(M.orderNotFound) }),
  output: z.object({}),
  successMsg: '确认收货成功',
});

/** The consumer cancels an unpaid VD order; its stock returns (its open WeChat payment is closed first). */
export const consumerCancelOrder = defineOp({
  name: 'consumerCancelOrder',
  path: '/api/store/consumerCancelOrder.do',
  auth: 'consumer',
  input: z.object({ id: idIn(M.orderNotFound) }),
  output: z.object({}),
  successMsg: '订单已取消',
});

/**
 * spec 2 §7: POST /vapi/shopOrderInfo/selOrderInfoBySerialNumber.do { serialNumber } answers the order for
 * /orderPayResult. The spec names only the serial number; we also require the consumer's session and answer only
 * the caller's own VD order (a serial number alone would let anyone read a stranger's order), ADR 0038.
 */
export const selShopOrderInfoBySerialNumber = defineOp({
  name: 'selShopOrderInfoBySerialNumber',
  path: '/vapi/shopOrderInfo/selOrderInfoBySerialNumber.do',
  auth: 'consumer',
  input: z.object({ serialNumber: required(M.orderNotFound, z.maxLength(64, M.orderNotFound)) }),
  output: z.object({
    obj: z.object({
      id: int(),
      orderCode: z.string(),
      /** 'VD' (spec 2 §2: the prefix decides the label). */
      payKind: z.string(),
      payKindText: z.string(),
      circulationState: int(),
      stateText: z.string(),
      payState: int(),
      actualMoney: yuanOut,
      payDate: z.nullable(z.string()),
      /** The WeChat payment under this serial: 0 pending, 1 paid, 2 closed, 3 failed; null for an order code. */
      wxPayState: z.nullable(int()),
      wxPayMoney: z.nullable(yuanOut),
      shopId: int(),
    }),
  }),
});

// ---------------------------------------------------------------- the agent's side (in the shop, agent session)

const periodOut = z.object({ orderCount: int(), retailIncome: yuanOut });

/** The /my store section: shown only when enabled (per grade or per agent, by headquarters). */
export const selMyStore = defineOp({
  name: 'selMyStore',
  path: '/api/store/selMyStore.do',
  auth: 'agent',
  input: z.object({}),
  output: z.object({
    obj: z.object({
      enabled: int(),
      shopId: z.nullable(int()),
      storeName: z.string(),
      storeImgUrl: z.string(),
      greeting: z.string(),
      /** The store's path in the shop, `/store/<shopId>`; the screen prefixes its own origin for the link and QR. */
      storePath: z.string(),
      today: periodOut,
      month: periodOut,
      /** Retail income still frozen, all orders. */
      frozenIncome: yuanOut,
    }),
  }),
});

export const saveMyStore = defineOp({
  name: 'saveMyStore',
  path: '/api/store/saveMyStore.do',
  auth: 'agent',
  input: z.object({
    storeName: required(M.nameRequired, z.maxLength(20, M.nameTooLong)),
    storeImgUrl: z._default(z.string().check(z.trim(), z.maxLength(512, M.imageTooLong)), ''),
    greeting: z._default(z.string().check(z.trim(), z.maxLength(100, M.greetingTooLong)), ''),
  }),
  output: z.object({}),
  successMsg: '保存成功',
});

/** Every spec headquarters sells at retail, with the band, the agent's grade price and the agent's own choice. */
export const selMyStoreProducts = defineOp({
  name: 'selMyStoreProducts',
  path: '/api/store/selMyStoreProducts.do',
  auth: 'agent',
  input: z.object({}),
  output: z.object({
    objs: z.array(
      z.object({
        prodId: int(),
        singleProdId: int(),
        prodName: z.string(),
        specDispStr: z.string(),
        imgUrl: z.string(),
        /** The agent's own grade price: the floor of the retail price. */
        gradePrice: yuanOut,
        minPrice: yuanOut,
        maxPrice: yuanOut,
        /** Headquarters' default retail price. */
        defaultPrice: yuanOut,
        /** The agent's price (the default until set). */
        retailPrice: yuanOut,
        shown: int(),
        /** retailPrice − gradePrice per unit. */
        unitIncome: yuanOut,
      }),
    ),
  }),
});

/** Shown products and prices; the whole request is refused (nothing saved) when one price is outside its band. */
export const saveMyStoreProducts = defineOp({
  name: 'saveMyStoreProducts',
  path: '/api/store/saveMyStoreProducts.do',
  auth: 'agent',
  input: z.object({
    items: z
      .array(z.object({ singleProdId: idIn(M.productNotRetail), shown: z.union([z.literal(0), z.literal(1)], { error: '请求参数有误' }), retailPrice: yuanAmount(M.priceRequired, 'positive') }), { error: M.productsRequired })
      .check(z.minLength(1, M.productsRequired), z.maxLength(500, M.productsRequired)),
  }),
  output: z.object({}),
  successMsg: '保存成功',
});

/** A VD order as the store's agent sees it: consumer phone masked, parcel, income. */
export const storeOrderRow = z.object({
  id: int(),
  orderCode: z.string(),
  state: int(),
  stateText: z.string(),
  maskedPhone: z.string(),
  receiverName: z.string(),
  actualMoney: yuanOut,
  retailIncome: yuanOut,
  incomeState: int(),
  incomeStateText: z.string(),
  logisticsName: z.string(),
  waybillCode: z.string(),
  createDate: z.string(),
  payDate: z.nullable(z.string()),
  receiptDate: z.nullable(z.string()),
  lines: z.array(storeOrderLineOut),
});

export const selMyStoreOrders = defineOp({
  name: 'selMyStoreOrders',
  path: '/api/store/selMyStoreOrders.do',
  auth: 'agent',
  input: z.object({ state: z.optional(intIn()), phonePage: phonePageIn }),
  output: z.object({ objs: z.array(storeOrderRow), obj: z.object({ phonePage: phonePageOut }) }),
});

// ---------------------------------------------------------------- headquarters (staff console)

export const staffSelStoreSwitches = defineOp({
  name: 'staffSelStoreSwitches',
  path: '/api/staff/selStoreSwitches.do',
  auth: 'staff',
  input: z.object({}),
  output: z.object({ objs: z.array(z.object({ gradeId: int(), gradeName: z.string(), storeEnabled: int() })) }),
});

export const staffSaveGradeStore = defineOp({
  name: 'staffSaveGradeStore',
  path: '/api/staff/saveGradeStore.do',
  auth: 'staff',
  input: z.object({ gradeId: idIn(M.gradeNotFound), storeEnabled: z.union([z.literal(0), z.literal(1)], { error: '请求参数有误' }) }),
  output: z.object({}),
  successMsg: '保存成功',
});

/** One agent's store: the grade's switch, the agent's own override (null: as the grade) and what results. */
export const staffSelAgentStore = defineOp({
  name: 'staffSelAgentStore',
  path: '/api/staff/selAgentStore.do',
  auth: 'staff',
  input: z.object({ agentId: idIn(M.agentNotFound) }),
  output: z.object({
    obj: z.object({ agentId: int(), agentName: z.string(), gradeName: z.string(), gradeEnabled: int(), override: z.nullable(int()), enabled: int(), shopId: z.nullable(int()) }),
  }),
});

export const staffSaveAgentStore = defineOp({
  name: 'staffSaveAgentStore',
  path: '/api/staff/saveAgentStore.do',
  auth: 'staff',
  input: z.object({ agentId: idIn(M.agentNotFound), override: z.nullable(z.union([z.literal(0), z.literal(1)], { error: '请求参数有误' })) }),
  output: z.object({}),
  successMsg: '保存成功',
});

export const retailBandRow = z.object({
  singleProdId: int(),
  prodId: int(),
  prodName: z.string(),
  specDispStr: z.string(),
  /** Headquarters' sale price of the spec (for reference). */
  salePrice: yuanOut,
  retailEnabled: int(),
  defaultPrice: yuanOut,
  minPrice: yuanOut,
  maxPrice: yuanOut,
});

export const staffSelRetailBands = defineOp({
  name: 'staffSelRetailBands',
  path: '/api/staff/selRetailBands.do',
  auth: 'staff',
  input: z.object({ keyword: optionalText(50), phonePage: phonePageIn }),
  output: staffListOut(retailBandRow),
});

/** A spec's band: min ≤ default ≤ max, all in yuan; retailEnabled 0 hides the spec from every store. */
export const staffSaveRetailBand = defineOp({
  name: 'staffSaveRetailBand',
  path: '/api/staff/saveRetailBand.do',
  auth: 'staff',
  input: z.object({
    singleProdId: idIn(M.bandNotFound),
    retailEnabled: z.union([z.literal(0), z.literal(1)], { error: '请求参数有误' }),
    defaultPrice: yuanAmount('请输入正确的默认零售价', 'positive'),
    minPrice: yuanAmount('请输入正确的最低价', 'positive'),
    maxPrice: yuanAmount('请输入正确的最高价', 'positive'),
  }),
  output: z.object({}),
  successMsg: '保存成功',
});

export const staffStoreOrderRow = z.extend(storeOrderRow, {
  label: z.string(),
  shopId: int(),
  storeName: z.string(),
  agentId: int(),
  agentName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  refundMoney: yuanOut,
});

export const staffSelStoreOrders = defineOp({
  name: 'staffSelStoreOrders',
  path: '/api/staff/selStoreOrders.do',
  auth: 'staff',
  input: z.object({ orderCode: optionalText(48), state: z.optional(intIn()), phonePage: phonePageIn }),
  output: staffListOut(staffStoreOrderRow),
});

/** The warehouse ships a paid VD order to the consumer (headquarters' sender details). */
export const staffShipStoreOrder = defineOp({
  name: 'staffShipStoreOrder',
  path: '/api/staff/shipStoreOrder.do',
  auth: 'staff',
  input: z.object({
    id: idIn(M.orderNotFound),
    logisticsName: required(M.logisticsRequired, z.maxLength(32)),
    waybillCode: required(M.logisticsRequired, z.regex(/^[A-Za-z0-9-]{6,40}$/, '运单号应为6~40位字母或数字')),
  }),
  output: z.object({}),
  successMsg: '发货成功',
});

/**
 * Finance refunds a paid VD order wholly: WeChat back to the consumer through the payment wing, the stock back, the
 * retail income reversed exactly (cancelled while frozen, clawed back from the total score once released), ADR 0038.
 */
export const staffRefundStoreOrder = defineOp({
  name: 'staffRefundStoreOrder',
  path: '/api/staff/refundStoreOrder.do',
  auth: 'staff',
  input: z.object({
    id: idIn(M.orderNotFound),
    reason: required(M.refundReasonRequired, z.maxLength(200, '退款原因不能超过200个字')),
    idempotencyKey: idempotencyKeyIn(),
  }),
  output: z.object({ obj: z.object({ refundMoney: yuanOut, incomeCancelled: yuanOut, incomeClawed: yuanOut, stockReturned: int() }) }),
  successMsg: '退款已提交',
});
