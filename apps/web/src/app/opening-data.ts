import { useSyncExternalStore } from 'react';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { PHONE_LIST } from '@shop/contract/flags';
import type { Operation } from '@shop/contract/operation';
import { PAGE_SIZE } from '@shop/contract/page-size';
import { call } from '../lib/api.js';
import {
  bannerInput,
  detailRequest,
  myPageInput,
  orderListInput,
  orderListState,
  selectAgentGradeInfo,
  selectBannerList,
  selectBasePointSet,
  selectMyPageData,
  selectNewNotice,
  selectOrderInfoList,
  selectProdListByType,
} from '../lib/first-screen-ops.js';
import { offerOpening } from '../lib/opening-answers.js';
import { session } from '../lib/session.js';
import type * as QueryLayer from './query-layer.js';

/** Fetches an image now, so the screen's <img> finds it loaded (the largest paint does not wait for the screen's code). */
function preloadImage(url: string) {
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = url;
}

/*
 * /home's first paint without the query cache (ADR 0014, ADR 0015 fifth pass). The entry asks for everything /home's
 * first screen shows (banners, notices, the point setting, the first top-up amount, the open zone's first page) and
 * the screen reads these answers (features/home/home-data.tsx) until the query layer (TanStack Query, app/query-layer.ts)
 * has loaded, right after the first paint. The layer's cache is then seeded with the same answers under the same keys
 * and the screen under the query layout is mounted afresh on it (same data, same markup), so nothing is asked twice
 * and every later read, refresh and page goes through TanStack Query as before.
 */
export type QueryKeyOf = readonly unknown[];
type Answer = { status: 'pending' | 'error'; data?: undefined } | { status: 'success'; data: unknown };

const opening = new Map<string, { key: QueryKeyOf; answer: Answer; settled: Promise<unknown> }>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** TanStack Query's key hash (object keys sorted), so a key built in another order finds the same answer. */
export const hashKey = (key: QueryKeyOf) =>
  JSON.stringify(key, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

function offer(key: QueryKeyOf, request: Promise<unknown>) {
  const entry = { key, answer: { status: 'pending' } as Answer, settled: request };
  opening.set(hashKey(key), entry);
  entry.settled = request.then(
    (data) => {
      entry.answer = { status: 'success', data };
      notify();
    },
    () => {
      entry.answer = { status: 'error' }; // not shown: the layer asks again and shows the failure its own way
      notify();
    },
  );
}

/** The opening answer under a query key: pending, success, error, or undefined when the entry did not ask for it. */
export const useOpening = (key: QueryKeyOf): Answer | undefined =>
  useSyncExternalStore(subscribe, () => opening.get(hashKey(key))?.answer);

/** The first page of a zone's products as /home's product list pages it (one query key for the entry and the list). */
export const productKey = (prodType: number, gradeId: number | undefined): QueryKeyOf => [selectProdListByType.path, { prodType, gradeId }];
export const productInput = (prodType: number, gradeId: number | undefined, platId: string, pageNum: number) => ({
  prodType,
  gradeId,
  ...PHONE_LIST,
  platId,
  phonePage: { pageSize: PAGE_SIZE, pageNum },
});

function startHome(platId: string) {
  const { userInfo } = session.get();
  const ask = <O extends Operation>(op: O, input: unknown) => call(op, input as never, { background: true, silent: true });
  const banners = ask(selectBannerList, bannerInput(platId));
  banners.then((reply) => reply.objs[0] && preloadImage(reply.objs[0].imgUrl)).catch(() => undefined);
  offer([selectBannerList.path, bannerInput(platId)], banners);
  offer([selectNewNotice.path, { platId }], ask(selectNewNotice, { platId }));
  offer([selectBasePointSet.path, { platId }], ask(selectBasePointSet, { platId }));
  if (userInfo?.agentStatus === AGENT_STATUS.new) {
    const input = { agentId: userInfo.agentId, platId };
    offer([selectAgentGradeInfo.path, input], ask(selectAgentGradeInfo, input));
  }
  const zone = new URLSearchParams(window.location.search).get('activeMy');
  // the activity zone is read by the query layer itself
  const prodType = zone === String(PROD_TYPE.welfare) ? PROD_TYPE.welfare : zone === String(PROD_TYPE.activity) ? null : PROD_TYPE.selfRun;
  if (prodType) {
    const gradeId = userInfo?.gradeId;
    const page = ask(selectProdListByType, productInput(prodType, gradeId, platId, 1)).then((reply) => ({
      // the shape of the list's infinite query (components/paged-list.tsx): pages of { items, pageTotal, pageNum }
      pages: [{ items: reply.objs, pageTotal: reply.phonePage.pageTotal, pageNum: 1 }],
      pageParams: [1],
    }));
    offer(productKey(prodType, gradeId), page);
  }
}

let layer: typeof QueryLayer | null = null;
let loading: Promise<typeof QueryLayer> | null = null;

/**
 * The query layer (TanStack Query, the cache, the paged list), loaded once; its cache starts with the opening answers.
 * Every screen but /home's first paint waits for it (app/router.tsx).
 */
export function loadQueryLayer(): Promise<typeof QueryLayer> {
  loading ??= import('./query-layer.js').then(
    async (m) => {
      const entries = [...opening.values()];
      await Promise.allSettled(entries.map((e) => e.settled));
      for (const { key, answer } of entries) if (answer.status === 'success') m.queryClient.setQueryData(key, answer.data);
      opening.clear(); // a later read asks the cache
      layer = m;
      notify();
      return m;
    },
    (err: unknown) => {
      loading = null; // a later screen tries again
      throw err;
    },
  );
  return loading;
}

/** The query layer once loaded (null during /home's first paint). */
export const useQueryLayer = () => useSyncExternalStore(subscribe, () => layer);

/**
 * The data the opening screen paints first, asked for by the entry while the screen's code is still loading (ADR 0015:
 * LCP on /home is the first banner, which waited for the screen's code, then the banner list).
 */
export function startOpeningData(path: string) {
  const { token, platId, userInfo } = session.get();
  if (!token) return;
  if (path === '/detail') return startDetail(platId, userInfo?.gradeId);
  if (path === '/home') return startHome(platId);
  if (path === '/orders') return startOrders();
  if (path === '/my' && userInfo) return startMy(userInfo.agentId, platId);
}

/**
 * /orders and /my (ADR 0049): their largest paint is text of their first answer (the list's first page; the page's
 * balances and counts), which the screen used to ask for only once rendered. The entry asks with the screen's exact
 * payload and the screen's query takes the answer (lib/opening-answers.ts) into the query cache: one request.
 */
function startOrders() {
  const input = orderListInput(orderListState(new URLSearchParams(window.location.search).get('tabIndex')), 1);
  offerOpening(selectOrderInfoList, input, call(selectOrderInfoList, input as never, { background: true, silent: true }));
}

function startMy(agentId: number, platId: string) {
  const input = myPageInput(agentId, platId);
  offerOpening(selectMyPageData, input, call(selectMyPageData, input as never, { background: true, silent: true }));
}

/**
 * /detail: its product (or activity) is asked for while the screen's code loads, and its first picture is fetched as
 * soon as the answer names it (the largest paint). The screen's loader claims the answer (claimOpening); the loader
 * owns the transformation and the query key, so only the raw answer is handed over.
 */
function startDetail(platId: string, gradeId: number | undefined) {
  const params = new URLSearchParams(window.location.search);
  const prodId = Number(params.get('prodId'));
  if (!Number.isInteger(prodId) || prodId <= 0) return;
  const { op, input } = detailRequest(prodId, Number(params.get('prodType') ?? PROD_TYPE.selfRun), platId, gradeId);
  const answer = call(op, input as never, { background: true, silent: true }) as Promise<{ obj: { detailLagerImgUrl: string } }>;
  answer.then((reply) => firstPicture(reply.obj.detailLagerImgUrl)).catch(() => undefined);
  // A failure is the loader's to show (it may try again): the claimed promise is the original one.
  offerOpening(op, input, answer);
}

function firstPicture(images: string) {
  const first = images.split(';').map((u) => u.trim()).find(Boolean);
  if (first) preloadImage(first);
}
