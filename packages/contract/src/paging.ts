import { z } from 'zod';

export const PAGE_SIZE = 10;

/** spec: phonePage { pageSize: 10, pageNum, pageTotal } in and out. */
export const phonePageIn = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
    pageNum: z.coerce.number().int().min(1).default(1),
    pageTotal: z.coerce.number().int().min(0).optional(),
  })
  .default({ pageSize: PAGE_SIZE, pageNum: 1 });

export const phonePageOut = z.object({
  pageSize: z.number().int(),
  pageNum: z.number().int(),
  pageTotal: z.number().int(),
});

export type PhonePage = z.output<typeof phonePageOut>;
