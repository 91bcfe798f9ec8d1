import { describe, expect, it } from 'vitest';
import * as cart from '@shop/contract/cart';
import * as catalog from '@shop/contract/catalog';
import * as sessionOps from '@shop/contract/session';
import * as refs from './first-screen-ops.js';

const contract: Record<string, { path: string }> = { ...cart, ...catalog, ...sessionOps } as never;

describe('first-screen operations (paths only, no zod in the entry)', () => {
  const names = Object.keys(refs).filter((k) => k !== 'loginRules' && k !== 'bannerInput');
  it.each(names)('%s calls the contract operation of that name', (name) => {
    const ref = (refs as unknown as Record<string, { path: string }>)[name];
    expect(contract[name]).toBeDefined();
    expect(ref?.path).toBe(contract[name]?.path);
  });

  it('loads the login rules of the contract', async () => {
    expect(await refs.loginRules()).toBe(sessionOps.loginInput);
  });
});
