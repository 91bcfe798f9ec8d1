import * as z from 'zod/mini';

/** spec 1 §5: starts with 1, second digit 3 to 9, 11 digits in total. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_INVALID = '请输入正确的手机号';

/** A required text field (trimmed): missing, empty or blank all answer the same message. */
export function required(message: string, ...checks: z.core.$ZodCheck<string>[]) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks);
}

/** Text between min and max characters after trimming, with one message for both bounds. */
export const length = (min: number, max: number, message: string) => [z.minLength(min, message), z.maxLength(max, message)];

export function mobile(requiredMessage = '手机号不能为空') {
  return required(requiredMessage, z.regex(MOBILE_PATTERN, MOBILE_INVALID));
}

/** Optional trimmed text with a maximum length. */
export const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** A 0/1 flag sent as number or text. */
export const flag = () => z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1));

/** The first message of a failed parse, in field order: what a form or a toast shows. */
export function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? '请求参数有误';
}

/**
 * A form checked field by field in the order it shows them, each field's rules then its checks across fields
 * (e.g. "repeat equals password"), stopping at the first message: what the user reads top to bottom (spec §5 lists
 * them so). The value that passes is the base object's output (trimmed, coerced).
 */
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
