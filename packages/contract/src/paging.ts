import * as z from 'zod/mini';

export const PAGE_SIZE = 10;

/** spec: phonePage { pageSize: 10, pageNum, pageTotal } in and out. */
export const phonePageIn = z._default(
  z.object({
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), PAGE_SIZE),
    pageNum: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    pageTotal: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  }),
  { pageSize: PAGE_SIZE, pageNum: 1 },
);

export const phonePageOut = z.object({
  pageSize: z.number(),
  pageNum: z.number(),
  pageTotal: z.number(),
});

export type PhonePage = z.output<typeof phonePageOut>;
