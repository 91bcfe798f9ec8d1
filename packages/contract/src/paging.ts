import * as z from 'zod/mini';
import { PAGE_SIZE } from './page-size.js';
import { intIn } from './validation.js';

export { PAGE_SIZE } from './page-size.js';

/** spec: phonePage { pageSize: 10, pageNum, pageTotal } in and out. */
export const phonePageIn = z._default(
  z.object({
    pageSize: z._default(intIn(undefined, z.minimum(1), z.maximum(50)), PAGE_SIZE),
    pageNum: z._default(intIn(undefined, z.minimum(1)), 1),
    pageTotal: z.optional(intIn(undefined, z.minimum(0))),
  }),
  { pageSize: PAGE_SIZE, pageNum: 1 },
);

export const phonePageOut = z.object({
  pageSize: z.number(),
  pageNum: z.number(),
  pageTotal: z.number(),
});

export type PhonePage = z.output<typeof phonePageOut>;

/**
 * A staff list (ADR 0020): the page's rows, phonePage as the shop has it, and the number of matching rows (the
 * console's table shows it). pageSize up to 50 as everywhere.
 */
/* @__NO_SIDE_EFFECTS__ */
export function staffListOut<T extends z.ZodMiniType>(row: T) {
  return z.object({ objs: z.array(row), obj: z.object({ phonePage: phonePageOut, total: z.number() }) });
}
