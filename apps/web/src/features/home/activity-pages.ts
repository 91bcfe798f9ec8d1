import { PROD_TYPE } from '@shop/contract/activity-state';
import { PHONE_LIST } from '@shop/contract/flags';
import { ACT_STATUS, selectIntegralProdList, type ActivityCard } from '@shop/contract/catalog';
import { PAGE_SIZE } from '@shop/contract/paging';
import type { FetchPage } from '../../components/paged-list.js';
import { call } from '../../lib/api.js';
import { clockOffset } from '../../lib/countdown.js';
import { session } from '../../lib/session.js';

export type TimedActivity = ActivityCard & { offset: number };

/**
 * The activity zone as the legacy client loads it (spec 1 §7): actStatus 2 (running) first, then actStatus 5 (every
 * shown state, running first) for the rest; the running ones seen already are skipped the second time. As the paged
 * list's pages: page n is the n-th call; page 1 starts over (a pull-to-refresh), later pages follow in order.
 */
export function activityPages(): FetchPage<TimedActivity> {
  let actStatus: number = ACT_STATUS.running;
  let pageNum = 1;
  const seen = new Set<number>();
  return async (page, signal) => {
    if (page === 1) {
      actStatus = ACT_STATUS.running;
      pageNum = 1;
      seen.clear();
    }
    const { platId, userInfo } = session.get();
    const reply = await call(
      selectIntegralProdList,
      { prodType: PROD_TYPE.activity, actStatus, gradeId: userInfo?.gradeId, ...PHONE_LIST, platId, phonePage: { pageSize: PAGE_SIZE, pageNum } },
      { background: true, silent: true, signal },
    );
    const items = reply.objs.filter((a) => !seen.has(a.id)).map((a) => ({ ...a, offset: clockOffset(a.serverTime) }));
    items.forEach((a) => seen.add(a.id));
    let more = false;
    if (pageNum < reply.phonePage.pageTotal) {
      pageNum += 1;
      more = true;
    } else if (actStatus === ACT_STATUS.running) {
      actStatus = ACT_STATUS.all;
      pageNum = 1;
      more = true;
    }
    // The paged list asks for the next page while pageNum < pageTotal.
    return { items, pageTotal: more ? page + 1 : page };
  };
}
