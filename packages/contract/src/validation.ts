import * as z from 'zod/mini';
// Installs the Chinese error map wherever a schema is built (ADR 0002).
import './error-map.js';

// Schema builders are marked free of side effects (/* @__NO_SIDE_EFFECTS__ */, as zod marks its own): a bundle that
// imports a constant from a contract module drops the schemas it never uses (ADR 0015).

/** spec 1 §5: starts with 1, second digit 3 to 9, 11 digits in total. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_INVALID = '请输入正确的手机号';

/** A required text field (trimmed): missing, empty or blank all answer the same message. */
/* @__NO_SIDE_EFFECTS__ */
export function required(message: string, ...checks: z.core.$ZodCheck<string>[]) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks);
}

/** Text between min and max characters after trimming, with one message for both bounds. */
export const length = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number, message: string) => [z.minLength(min, message), z.maxLength(max, message)];

/* @__NO_SIDE_EFFECTS__ */
export function mobile(requiredMessage = '手机号不能为空') {
  return required(requiredMessage, z.regex(MOBILE_PATTERN, MOBILE_INVALID));
}

/** Optional trimmed text with a maximum length. */
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** ADR 0023: every money-moving submission carries an idempotency key, one per user intent. */
export const IDEMPOTENCY_MESSAGES = { required: '缺少请求编号，请刷新页面后重试', tooLong: '请求编号不能超过64个字符' } as const;

/** The idempotency key of a money-moving submission: required, at most 64 characters (the column's width). */
export const idempotencyKeyIn = /* @__NO_SIDE_EFFECTS__ */ () => required(IDEMPOTENCY_MESSAGES.required, z.maxLength(64, IDEMPOTENCY_MESSAGES.tooLong));

/** The operations whose input requires idempotencyKey (ADR 0023): every submission that moves money or asks to. */
export const KEYED_OPERATIONS = [
  'saveOrderInfo',
  'orderPayment',
  'saveAgentWithdrawOut',
  'saveAgentWithdrawCashApply',
  'thawAgentStoreFrozenRecord',
  'payBondManage',
  'payBondManageByWxPayBefore',
  'submitApplicationsForPersonal',
  'adjustAgentBalance',
  'freezeStore',
  'refundOrder',
  // the agents' retail stores (ADR 0038)
  'saveStoreOrder',
  'staffRefundStoreOrder',
] as const;

export const BAD_INPUT = '请求参数有误';

/** Refusals of the wire itself, before any operation's schema. */
export const WIRE_MESSAGES = {
  /** A NUL character: PostgreSQL cannot store it in text, SQLite would keep it and truncate it in most readers. */
  nul: '内容不能包含空字符',
  /** A multipart body without a boundary, or one that ends inside a part. */
  malformedMultipart: '上传内容格式有误',
  /** `in` or a socket frame nested deeper than any form of the product (ADR 0002, input bounds). */
  tooDeep: '请求内容层级过深',
  /** `in` or a socket frame with more keys and items than any form of the product (ADR 0002, input bounds). */
  tooLarge: '请求内容过多',
} as const;
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number in `in`: a JSON number or decimal text ("12", the legacy client sends ids as text), nothing else.
 * z.coerce took [5] as 5, true as 1 and "" or null as 0: an id could be an array and a quantity `true`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function numberIn(message = BAD_INPUT, ...checks: z.core.$ZodCheck<number>[]) {
  const wire = z.union([z.number({ error: message }), z.string({ error: message }).check(z.regex(NUMBER_TEXT, message))], { error: message });
  return z.pipe(z.pipe(wire, z.transform((v) => Number(v))), z.number({ error: message }).check(...checks));
}

/** A whole number in `in` (see numberIn). */
export const intIn = /* @__NO_SIDE_EFFECTS__ */ (message = BAD_INPUT, ...checks: z.core.$ZodCheck<number>[]) => numberIn(message, z.int(message), ...checks);

/** A whole number in `out`: what the server answers is checked strictly, no text accepted. */
export const int = /* @__NO_SIDE_EFFECTS__ */ () => z.number().check(z.int());

/** A record id in `in`: a positive whole number. */
export const idIn = /* @__NO_SIDE_EFFECTS__ */ (message = BAD_INPUT) => intIn(message, z.positive(message));

/**
 * A switch in `in`: true / false or 1 / 0, nothing else. z.coerce.boolean turned the text "false", "0" and "no" into
 * true, which switched the points offset on.
 */
/* @__NO_SIDE_EFFECTS__ */
export function boolIn(message = BAD_INPUT) {
  return z.pipe(z.union([z.boolean(), z.literal(0), z.literal(1)], { error: message }), z.transform((v) => v === true || v === 1));
}

/** A 0/1 flag: 1 / 0 as number or text, or true / false. */
export const flag = /* @__NO_SIDE_EFFECTS__ */ (message = BAD_INPUT) =>
  z.pipe(
    z.union([z.boolean(), intIn(message, z.minimum(0, message), z.maximum(1, message))], { error: message }),
    z.transform((v) => Number(v)),
  );

/** The first message of a failed parse, in field order: what a form or a toast shows. */
export function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? '请求参数有误';
}

/**
 * A form checked field by field in the order it shows them, each field's rules then its checks across fields
 * (e.g. "repeat equals password"), stopping at the first message: what the user reads top to bottom (spec §5 lists
 * them so). The value that passes is the base object's output (trimmed, coerced).
 */
/* @__NO_SIDE_EFFECTS__ */
export function formInOrder<S extends z.ZodMiniObject>(
  base: S,
  across: { [K in keyof S['shape']]?: (values: Record<string, unknown>) => string | null } = {},
) {
  const shape = base.shape as Record<string, z.ZodMiniType>;
  const checkAcross = across as Record<string, ((values: Record<string, unknown>) => string | null) | undefined>;
  const ordered = z.record(z.string(), z.unknown()).check(
    z.superRefine((values, ctx) => {
      for (const [key, schema] of Object.entries(shape)) {
        const result = schema.safeParse(values[key]);
        const message = result.success ? (checkAcross[key]?.(values) ?? null) : firstMessage(result.error);
        if (message) {
          ctx.issues.push({ code: 'custom', message, path: [key], input: values[key] });
          return;
        }
      }
    }),
  );
  return z.pipe(ordered, base);
}

/** Text as the user typed it, trimmed, for comparing two fields. */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
