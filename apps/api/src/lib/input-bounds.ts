import { WIRE_MESSAGES } from '@shop/contract';
import { AppError } from './errors.js';

/**
 * Bounds of a decoded input (`in` of any operation, a chat socket frame), checked before any schema (ADR 0002, input
 * bounds). No form of the product nests deeper than a few levels; the largest list is a code assignment of
 * ASSIGN_MAX (10,000) codes.
 */
export const INPUT_LIMITS = { depth: 32, entries: 20_000 } as const;

/**
 * The refusal of a decoded value, or null: a NUL in any text or key (PostgreSQL refuses it with a 500, SQLite stores
 * it), nesting deeper than INPUT_LIMITS.depth, more keys and items in all than INPUT_LIMITS.entries. Walks without
 * recursion, so no input can exhaust the stack.
 */
export function inputRefusal(value: unknown): string | null {
  const pending: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let entries = 0;
  while (pending.length > 0) {
    const { v, depth } = pending.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return WIRE_MESSAGES.nul;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) return WIRE_MESSAGES.tooDeep;
    const items = Array.isArray(v) ? v : Object.keys(v);
    entries += items.length;
    if (entries > INPUT_LIMITS.entries) return WIRE_MESSAGES.tooLarge;
    if (Array.isArray(v)) {
      for (const item of v) pending.push({ v: item, depth: depth + 1 });
    } else {
      for (const key of items as string[]) {
        if (key.includes('\u0000')) return WIRE_MESSAGES.nul;
        pending.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Throws the Chinese refusal of inputRefusal (an AppError 'VALIDATION'). */
export function assertInputBounds(...values: unknown[]): void {
  const refusal = inputRefusal(values);
  if (refusal) throw new AppError('VALIDATION', refusal);
}
