import { describe, expect, it } from 'vitest';
import * as store from '@shop/contract/retail-store';
import * as refs from './store-ops.js';

describe("the store's first-screen operations (paths only, no zod in the store's entry)", () => {
  it.each(Object.keys(refs))('%s calls the contract operation of that name', (name) => {
    const contract = (store as unknown as Record<string, { path: string }>)[name];
    expect(contract).toBeDefined();
    expect((refs as unknown as Record<string, { path: string }>)[name]?.path).toBe(contract?.path);
  });
});
