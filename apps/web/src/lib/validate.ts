import type * as z from 'zod/mini';
import { toast } from './toast.js';

/** Checks a form against its contract schema; toasts the first message in field order. */
export function validateForm<S extends z.ZodMiniType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  toast(result.error.issues[0]?.message ?? '请检查填写内容');
  return null;
}
