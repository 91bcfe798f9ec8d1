import { beforeEach, describe, expect, it } from 'vitest';
import { cart, MAX_BUY, type CartLine } from './store-cart.js';
import { fenYuan, yuanFen } from './store-money.js';
import { parseAddress, storePath } from './store-nav.js';

describe('store addresses (/store/<shopId>/<screen>)', () => {
  it('reads the shop id, the screen and the query', () => {
    const a = parseAddress('/store/12/item?prodId=3');
    expect(a.shopId).toBe(12);
    expect(a.screen).toBe('item');
    expect(a.query.get('prodId')).toBe('3');
    expect(parseAddress('/store/12').screen).toBe('');
  });

  it.each(['/store/abc', '/store/0', '/store/-1', '/store/1e3', '/shop/12', '/store/'])('%s is no store', (path) => {
    expect(parseAddress(path).shopId).toBeNull();
  });

  it('builds the address of a screen', () => {
    expect(storePath(7)).toBe('/store/7');
    expect(storePath(7, 'result', { out_trade_no: 'VD1', payResult: 1 })).toBe('/store/7/result?out_trade_no=VD1&payResult=1');
  });
});

describe('yuan text and fen', () => {
  it.each([
    ['12.30', 1230],
    ['0.1', 10],
    ['199', 19900],
    ['0.07', 7],
  ])('%s is %i fen and back', (yuan, fen) => {
    expect(yuanFen(yuan)).toBe(fen);
    expect(yuanFen(fenYuan(fen))).toBe(fen);
  });

  it('reads what is not an amount as nothing rather than guessing', () => {
    expect(yuanFen('1e3')).toBe(0);
    expect(yuanFen('-5')).toBe(0);
    expect(yuanFen('abc')).toBe(0);
  });
});

describe("the consumer's cart, per store", () => {
  const line = (singleProdId: number, buyNum: number): CartLine => ({ prodId: 1, singleProdId, prodName: '鱼油', specDispStr: '60粒', imgUrl: '', price: 12_800, buyNum });
  beforeEach(() => {
    localStorage.clear();
    cart.remove(1, cart.lines(1).map((l) => l.singleProdId));
    cart.remove(2, cart.lines(2).map((l) => l.singleProdId));
  });

  it('adds the same spec to one line, never above 999', () => {
    cart.add(1, line(10, 2));
    cart.add(1, line(10, 3));
    expect(cart.lines(1)).toEqual([line(10, 5)]);
    cart.add(1, line(10, 998));
    expect(cart.lines(1)[0]!.buyNum).toBe(MAX_BUY);
  });

  it('keeps each store’s cart apart and on the phone', () => {
    cart.add(1, line(10, 1));
    cart.add(2, line(20, 1));
    expect(cart.lines(1).map((l) => l.singleProdId)).toEqual([10]);
    expect(JSON.parse(localStorage.getItem('shop.storeCart.2')!)).toEqual([line(20, 1)]);
  });

  it('sets a count between 1 and 999 and removes lines', () => {
    cart.add(1, line(10, 1));
    cart.add(1, line(11, 1));
    cart.setCount(1, 10, 0);
    expect(cart.lines(1)[0]!.buyNum).toBe(1);
    cart.setCount(1, 10, 5000);
    expect(cart.lines(1)[0]!.buyNum).toBe(MAX_BUY);
    cart.remove(1, [10]);
    expect(cart.lines(1).map((l) => l.singleProdId)).toEqual([11]);
  });
});
