import type { Operation } from '@shop/contract/operation';
import { call } from '../lib/api.js';
import { bannerInput, detailRequest, selectBannerList } from '../lib/first-screen-ops.js';
import { offerOpening } from '../lib/opening-answers.js';
import { session } from '../lib/session.js';

export interface OpeningRequest {
  op: Operation;
  input: unknown;
  answer: Promise<unknown>;
}

const started: OpeningRequest[] = [];

/** Fetches an image now, so the screen's <img> finds it loaded (the largest paint does not wait for the screen's code). */
function preloadImage(url: string) {
  const img = new Image();
  img.fetchPriority = 'high';
  img.src = url;
}

/**
 * The data the opening screen paints first, asked for by the entry while the screen's code and the query cache are
 * still loading (ADR 0015: LCP on /home is the first banner, which waited for both, then the banner list). The query
 * layout hands the answers to the cache under the keys the screen reads, so nothing is asked twice.
 */
export function startOpeningData(path: string) {
  const { token, platId, userInfo } = session.get();
  if (!token) return;
  if (path === '/detail') return startDetail(platId, userInfo?.gradeId);
  if (path !== '/home') return;
  const input = bannerInput(platId);
  const answer = call(selectBannerList, input, { background: true, silent: true });
  answer.then((reply) => reply.objs[0] && preloadImage(reply.objs[0].imgUrl)).catch(() => undefined);
  started.push({ op: selectBannerList, input, answer });
}

/** The requests started at opening, each handed over once. */
export const takeOpeningData = (): OpeningRequest[] => started.splice(0);

/**
 * /detail: its product (or activity) is asked for while the screen's code loads, and its first picture is fetched as
 * soon as the answer names it (the largest paint). The screen's loader claims the answer (claimOpening); the loader
 * owns the transformation and the query key, so only the raw answer is handed over.
 */
function startDetail(platId: string, gradeId: number | undefined) {
  const params = new URLSearchParams(window.location.search);
  const prodId = Number(params.get('prodId'));
  if (!Number.isInteger(prodId) || prodId <= 0) return;
  const { op, input } = detailRequest(prodId, Number(params.get('prodType') ?? 1), platId, gradeId);
  const answer = call(op, input as never, { background: true, silent: true }) as Promise<{ obj: { detailLagerImgUrl: string } }>;
  answer.then((reply) => firstPicture(reply.obj.detailLagerImgUrl)).catch(() => undefined);
  // A failure is the loader's to show (it may try again): the claimed promise is the original one.
  offerOpening(op, input, answer);
}

function firstPicture(images: string) {
  const first = images.split(';').map((u) => u.trim()).find(Boolean);
  if (first) preloadImage(first);
}
