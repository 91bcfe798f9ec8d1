import * as z from 'zod/mini';
import { yuanOut } from './money.js';
import { defineOp } from './operation.js';
import { idIn, int, intIn } from './validation.js';

/** Refusals of the cart and the settle check (spec 1 §4, §5). */
export const CART_MESSAGES = {
  mixedZones: '自营区商品和福利区商品不能一起结算',
  outOfStock: (spec: string) => `${spec}库存不足`,
} as const;

/** spec 1 §5: the quantity stepper runs from 1 to 99999. */
export const QUANTITY_MAX = 99999;
export const quantity = intIn('请输入正确的数量', z.minimum(1, '数量不能小于1'), z.maximum(QUANTITY_MAX, `数量不能超过${QUANTITY_MAX}`));

/** spec 1 §3 cart line, prices for the session agent's grade. */
export const cartLine = z.object({
  cartId: int(),
  prodId: int(),
  singleProdId: int(),
  prodNum: int(),
  prodType: int(),
  price: yuanOut,
  checked: z.boolean(),
  /** Stock left, for the stepper's maximum and the settle check. */
  virtualNum: int(),
  prodSingleProductBo: z.object({
    prodName: z.string(),
    imgUrl: z.string(),
    specDispStr: z.string(),
    finalPrice: yuanOut,
    price: yuanOut,
    weight: int(),
    prodId: int(),
    singleProdId: int(),
    touchState: int(),
    touchMoney: yuanOut,
    prodBaseInfoBo: z.object({ prodName: z.string() }),
  }),
});

const agentScoped = { agentId: z.optional(intIn()), platId: z.optional(z.string()) };

export const selectOrderShopCart = defineOp({
  name: 'selectOrderShopCart',
  path: '/api/prod/selectOrderShopCart.do',
  auth: 'agent',
  input: z.object({ ...agentScoped, gradeId: z.optional(intIn()), optType: z.optional(intIn()) }),
  output: z.object({ objs: z.array(cartLine) }),
});

export const saveOrderShopCart = defineOp({
  name: 'saveOrderShopCart',
  path: '/api/prod/saveOrderShopCart.do',
  auth: 'agent',
  input: z.object({
    ...agentScoped,
    singleProdId: idIn('请选择商品规格'),
    prodNum: quantity,
    prodType: z.pipe(intIn(), z.union([z.literal(1), z.literal(2)], { error: '活动商品不能加入购物车' })),
    optType: z.optional(intIn()),
  }),
  output: z.object({}),
  successMsg: '添加购物车成功',
});

export const selectOrderShopCartCount = defineOp({
  name: 'selectOrderShopCartCount',
  path: '/api/prod/selectOrderShopCartCount.do',
  auth: 'agent',
  input: z.object(agentScoped),
  output: z.object({ obj: int() }),
});

export const editOrderShopCartNum = defineOp({
  name: 'editOrderShopCartNum',
  path: '/api/prod/editOrderShopCartNum.do',
  auth: 'agent',
  input: z.object({
    id: z.optional(intIn()),
    list: z.array(z.object({ cartId: idIn('购物车商品不存在'), prodNum: quantity }), { error: '请选择商品' }).check(z.minLength(1, '请选择商品')),
  }),
  output: z.object({}),
});

export const deleteOrderShopCart = defineOp({
  name: 'deleteOrderShopCart',
  path: '/api/prod/deleteOrderShopCart.do',
  auth: 'agent',
  input: z.object({
    ...agentScoped,
    cartIdList: z.array(idIn('购物车商品不存在'), { error: '您还没有选择商品' }).check(z.minLength(1, '您还没有选择商品')),
  }),
  output: z.object({}),
  successMsg: '删除成功',
});

/** The stock and quantity check before settlement (spec 1 §4 Cart). */
export const checkLine = z.object({
  singleProdId: idIn('请选择商品规格'),
  buyNum: quantity,
  prodType: z.optional(intIn()),
  /** Activity items: the activity (seckill) id. */
  activityId: z.optional(idIn()),
});

export const judgeProdNum = defineOp({
  name: 'judgeProdNum',
  path: '/api/prod/judgeProdNum.do',
  auth: 'agent',
  input: z.object({
    list: z.array(checkLine, { error: '请至少选择一个商品进行结算' }).check(z.minLength(1, '请至少选择一个商品进行结算')),
  }),
  output: z.object({}),
});
