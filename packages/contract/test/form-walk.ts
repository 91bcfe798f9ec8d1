import { firstMessage } from '../src/index.js';

export type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] }; data?: unknown } };

/** What the form or the toast shows for a value: the first message, or 'OK'. */
export function shown(schema: Schema, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'OK' : firstMessage(result.error as never);
}

/** Fixes the form one field at a time, in order, and collects what it shows at each step. */
export function walk(schema: Schema, start: Record<string, unknown>, steps: Record<string, unknown>[]): string[] {
  let form = { ...start };
  const seen = [shown(schema, form)];
  for (const step of steps) {
    form = { ...form, ...step };
    seen.push(shown(schema, form));
  }
  return seen;
}
