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
