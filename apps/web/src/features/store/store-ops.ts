import type { Operation } from '@shop/contract/operation';
import type * as store from '@shop/contract/retail-store';

/**
 * The operations the store's first screen calls, known by their path only, so the store's entry carries no zod
 * (the shop's rule for first screens, lib/first-screen-ops.ts; ADR 0038: ≤ 100 KB gzip JS). store-ops.test.ts checks
 * every path against the contract; the later screens import the contract's operations themselves.
 */
const byPath = <O extends Operation>(path: string): O => ({ path }) as unknown as O;

export const selStoreHome = byPath<typeof store.selStoreHome>('/api/store/selStoreHome.do');
export const consumerLogin = byPath<typeof store.consumerLogin>('/api/store/consumerLogin.do');
