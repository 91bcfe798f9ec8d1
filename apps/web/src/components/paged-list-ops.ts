import type { Operation, OpInput } from '@shop/contract/operation';
import type { PhonePage } from '@shop/contract/paging';
import { call } from '../lib/api.js';
import { claimOpening } from '../lib/opening-answers.js';

// The paging of <PagedList> without the query layer (components/paged-list.tsx), so /home's first paint can page
// its opening answer the same way (features/home/home-data.tsx).
export interface Page<T> {
  items: T[];
  /** Number of pages (the contract's phonePage.pageTotal; 0 when empty). */
  pageTotal: number;
}
export type FetchPage<T> = (pageNum: number, signal: AbortSignal) => Promise<Page<T>>;

/** A phonePage answer as a page: `objs` with `phonePage` at the top (catalog) or under `obj` (orders, addresses). */
export function pageOf<T>(reply: { objs: T[]; phonePage?: PhonePage; obj?: { phonePage: PhonePage } }): Page<T> {
  return { items: reply.objs, pageTotal: (reply.phonePage ?? reply.obj?.phonePage)?.pageTotal ?? 0 };
}

/** The pages of a phonePage operation; `inputOf(pageNum)` builds the payload (it may differ by page). */
export function opPages<O extends Operation, T>(op: O, inputOf: (pageNum: number) => OpInput<O>): FetchPage<T> {
  return async (pageNum, signal) => {
    const input = inputOf(pageNum);
    // The entry may have asked for the first page already, while the screen's code loaded (app/opening-data.ts).
    const answer = claimOpening(op, input) ?? call(op, input, { background: true, silent: true, signal });
    return pageOf<T>((await answer) as never);
  };
}
