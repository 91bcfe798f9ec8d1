import type { PhonePage } from '@shop/contract';

/** phonePage out: pageTotal is the number of pages (0 when there is nothing). */
export const pageOf = (page: { pageSize: number; pageNum: number }, total: number): PhonePage => ({
  pageSize: page.pageSize,
  pageNum: page.pageNum,
  pageTotal: Math.ceil(total / page.pageSize),
});
