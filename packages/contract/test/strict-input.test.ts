import { describe, expect, it } from 'vitest';
import { boolIn, firstMessage, idIn, intIn, numberIn, operations, previewOrder, saveOrderInfoInput, saveOrderShopCart } from '../src/index.js';

type Schema = { safeParse: (v: unknown) => { success: boolean; data?: unknown } };
type Def = { type: string; shape?: Record<string, Schema>; out?: { _zod: { def: Def } } };

/** The top-level fields of an operation's input (a form checked in order is a pipe into its object). */
function fieldsOf(input: unknown): Record<string, Schema> {
  let def = (input as { _zod: { def: Def } })._zod.def;
  while (def.type === 'pipe' && def.out) def = def.out._zod.def;
  return def.type === 'object' && def.shape ? def.shape : {};
}

describe('numbers in `in`', () => {
  it('take a JSON number or its decimal text', () => {
    expect(numberIn().parse(5)).toBe(5);
    expect(idIn().parse('12')).toBe(12);
    expect(intIn().parse(' 7 ')).toBe(7);
    expect(numberIn().parse('1.5')).toBe(1.5);
  });

  it.each([[[5]], [true], [false], [null], [''], ['  '], ['5a'], [{}], ['0x10'], ['1e3']])('refuse %j', (value) => {
    const result = idIn('商品不存在').safeParse(value);
    expect(result.success).toBe(false);
    expect(firstMessage((result as { error: { issues: { message: string }[] } }).error)).toBe('商品不存在');
  });

  it('a quantity refuses true, an id refuses an array', () => {
    const line = { singleProdId: 3, prodNum: 1, prodType: 1 };
    expect(saveOrderShopCart.input.safeParse(line).success).toBe(true);
    expect(saveOrderShopCart.input.safeParse({ ...line, prodNum: true }).success).toBe(false);
    expect(saveOrderShopCart.input.safeParse({ ...line, singleProdId: [3] }).success).toBe(false);
  });
});

describe('switches in `in`', () => {
  it.each([
    [true, true],
    [1, true],
    [false, false],
    [0, false],
  ])('take %j as %j', (value, expected) => {
    expect(boolIn().parse(value)).toBe(expected);
  });

  it.each([['false'], ['0'], ['no'], ['true'], [''], [2], [null], [[true]]])('refuse %j', (value) => {
    expect(boolIn().safeParse(value).success).toBe(false);
  });

  it('the points switch of previewOrder and saveOrderInfo is never turned on by text', () => {
    const base = { orderType: 2, orderProductDetailBos: [{ singleProdId: 1, buyNum: 1 }] };
    for (const text of ['false', '0', 'no']) {
      expect(previewOrder.input.safeParse({ ...base, usePoints: text }).success).toBe(false);
      expect(saveOrderInfoInput.safeParse({ ...base, addressId: 1, payType: 1, usePoints: text }).success).toBe(false);
    }
    expect(previewOrder.input.parse({ ...base, usePoints: 0 })).toMatchObject({ usePoints: false });
  });
});

describe('every operation', () => {
  const fields = operations.flatMap((op) => Object.entries(fieldsOf(op.input)).map(([name, schema]) => ({ op: op.name, name, schema })));

  it('has fields to check', () => {
    expect(fields.length).toBeGreaterThan(100);
  });

  it('never reads an array as a number', () => {
    const wrong = fields.filter(({ schema }) => {
      const r = schema.safeParse([7]);
      return r.success && typeof r.data === 'number';
    });
    expect(wrong.map((f) => `${f.op}.${f.name}`)).toEqual([]);
  });

  it('never reads true as a count or an id (only 0/1 flags take it)', () => {
    const wrong = fields.filter(({ schema }) => {
      const two = schema.safeParse(2);
      if (!two.success || typeof two.data !== 'number') return false;
      const r = schema.safeParse(true);
      return r.success && typeof r.data === 'number';
    });
    expect(wrong.map((f) => `${f.op}.${f.name}`)).toEqual([]);
  });

  it('never reads the text "false", "0" or "no" as true', () => {
    const wrong = fields.filter(({ schema }) =>
      ['false', '0', 'no'].some((text) => {
        const r = schema.safeParse(text);
        return r.success && r.data === true;
      }),
    );
    expect(wrong.map((f) => `${f.op}.${f.name}`)).toEqual([]);
  });
});
