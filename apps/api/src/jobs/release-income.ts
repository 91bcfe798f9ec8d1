import type { Deps } from '../deps.js';
import { accrueNetworkIncome, settleNetworkIncome } from '../flows/network-income.js';

/**
 * Income from the network (ADR 0017): paid orders become frozen income for the upper agents, then income that is due
 * (order received + N days, or a recruitment reward's date) moves into the total score; closed orders void theirs.
 * Safe in several processes at once: a source is claimed once and each income row settles by compare-and-set.
 */
export async function releaseIncome(deps: Deps, now: Date) {
  const accrued = await accrueNetworkIncome(deps, now);
  const settled = await settleNetworkIncome(deps, now);
  return { accrued, ...settled };
}
