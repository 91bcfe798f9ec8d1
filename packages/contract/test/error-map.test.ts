import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { operations } from '../src/index.js';
import { chineseIssueMessage } from '../src/error-map.js';

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } };
type Def = Record<string, unknown> & { type: string };

const defOf = (s: unknown): Def | null => ((s as { _zod?: { def?: Def } })?._zod?.def ?? null);

/** Every schema inside an operation's input: the fields, their items, the options of a union, both ends of a pipe. */
function schemasIn(root: unknown, seen = new Set<unknown>()): Schema[] {
  const def = defOf(root);
  if (!def || seen.has(root)) return [];
  seen.add(root);
  const children: unknown[] = [];
  for (const key of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'catchall', 'left', 'right']) {
    if (def[key]) children.push(def[key]);
  }
  if (def.shape && typeof def.shape === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  if (Array.isArray(def.options)) children.push(...def.options);
  if (Array.isArray(def.items)) children.push(...def.items);
  // A transform only ever receives what the step before it let through: parsed alone it is no refusal.
  const self = def.type === 'transform' ? [] : [root as Schema];
  return [...self, ...children.flatMap((c) => schemasIn(c, seen))];
}

/** Bad inputs of every kind: wrong types, text far too long, numbers far out of range, odd text. */
const BAD: unknown[] = [
  undefined,
  null,
  true,
  'x',
  '',
  ' - 5',
  '1e3',
  '0x10',
  '5.001',
  -1,
  1.5,
  1e20,
  -1e20,
  '长'.repeat(200_001),
  'a'.repeat(65),
  [],
  [1, 2, 3],
  Array.from({ length: 1001 }, () => ({})),
  {},
  { unknownKey: 1 },
];

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
/** Latin letters a Chinese message may carry: a format a person types (dates, file kinds, an address scheme). */
const NOTATION = /YYYY-MM-DD|HH:mm:ss|CSV|PDF|https:\/\//g;
const english = (message: string) => !CJK.test(message) || /[A-Za-z]/.test(message.replace(NOTATION, ''));

describe('every refusal of every operation is Chinese (ADR 0002, error map)', () => {
  const cases = operations.flatMap((op) => schemasIn(op.input).map((schema) => ({ op: op.name, schema })));

  it('walks the schemas of every operation', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(cases.length).toBeGreaterThan(1000);
  });

  it('answers Chinese, without English, to each bad input at each level', () => {
    const wrong = new Set<string>();
    let refusals = 0;
    for (const { op, schema } of cases) {
      for (const value of BAD) {
        const result = schema.safeParse(value);
        if (result.success) continue;
        for (const issue of result.error!.issues) {
          refusals += 1;
          if (english(issue.message)) wrong.add(`${op} ${JSON.stringify(issue.path)}: ${issue.message}`);
        }
      }
    }
    expect(refusals).toBeGreaterThan(10_000);
    expect([...wrong].slice(0, 20)).toEqual([]);
  });

  it('answers Chinese when the whole input is of the wrong kind', () => {
    for (const op of operations) {
      for (const value of ['x', 5, [], null]) {
        const result = (op.input as Schema).safeParse(value);
        if (result.success) continue;
        for (const { message } of result.error!.issues) expect(english(message), `${op.name}: ${message}`).toBe(false);
      }
    }
  });
});

describe('the error map', () => {
  it('names the limit in natural Chinese and keeps the messages schemas wrote', () => {
    const key = z.object({ idempotencyKey: z.string().check(z.maxLength(64)) });
    expect(key.safeParse({ idempotencyKey: 'k'.repeat(65) }).error!.issues[0]!.message).toBe('请求编号不能超过64个字符');
    expect(z.string().check(z.maxLength(300)).safeParse('a'.repeat(301)).error!.issues[0]!.message).toBe('输入内容不能超过300个字符');
    expect(z.number().check(z.maximum(9)).safeParse(10).error!.issues[0]!.message).toBe('输入内容不能大于9');
    expect(z.strictObject({}).safeParse({ a: 1 }).error!.issues[0]!.message).toBe('请求中含有无法识别的参数');
    expect(z.object({ accountId: z.number() }).safeParse({ accountId: 'x' }).error!.issues[0]!.message).toBe('收款账户格式不正确');
    expect(z.object({ accountId: z.number() }).safeParse({}).error!.issues[0]!.message).toBe('收款账户不能为空');
    // A message written in the schema wins.
    expect(z.string().check(z.maxLength(3, '名称太长')).safeParse('abcd').error!.issues[0]!.message).toBe('名称太长');
    expect(chineseIssueMessage({ code: 'invalid_format', format: 'regex', input: 'x', path: [] } as never)).toBe('输入内容格式不正确');
  });
});
