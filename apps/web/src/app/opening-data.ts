import type { Operation } from '@shop/contract/operation';
import { call } from '../lib/api.js';
import { bannerInput, selectBannerList } from '../lib/first-screen-ops.js';
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
  const { token, platId } = session.get();
  if (!token || path !== '/home') return;
  const input = bannerInput(platId);
  const answer = call(selectBannerList, input, { background: true, silent: true });
  answer.then((reply) => reply.objs[0] && preloadImage(reply.objs[0].imgUrl)).catch(() => undefined);
  started.push({ op: selectBannerList, input, answer });
}

/** The requests started at opening, each handed over once. */
export const takeOpeningData = (): OpeningRequest[] => started.splice(0);
