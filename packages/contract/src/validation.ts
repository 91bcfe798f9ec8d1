import { z } from 'zod';

/** spec 1 §5: starts with 1, second digit 3 to 9, 11 digits in total. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_INVALID = '请输入正确的手机号';

/** A required text field: missing, empty or blank all answer the same message. */
export function required(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

export function mobile(requiredMessage = '手机号不能为空') {
  return required(requiredMessage).regex(MOBILE_PATTERN, MOBILE_INVALID);
}

/** The first message of a failed parse, in field order: what a form or a toast shows. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? '请求参数有误';
}
