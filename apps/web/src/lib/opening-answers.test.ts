import { describe, expect, it } from 'vitest';
import { claimOpening, offerOpening } from './opening-answers.js';
import { selectProdInfoById } from './first-screen-ops.js';

describe('answers asked for at opening', () => {
  it('are taken once, by exactly the same request', async () => {
    const answer = Promise.resolve({ obj: { prodId: 7 } });
    offerOpening(selectProdInfoById, { prodId: 7, gradeId: 3, platId: 'p' }, answer);
    expect(claimOpening(selectProdInfoById, { prodId: 8, gradeId: 3, platId: 'p' })).toBeUndefined();
    expect(claimOpening(selectProdInfoById, { prodId: 7, gradeId: 2, platId: 'p' })).toBeUndefined();
    expect(await claimOpening(selectProdInfoById, { prodId: 7, gradeId: 3, platId: 'p' })).toEqual({ obj: { prodId: 7 } });
    // A retry or a revisit asks the server again.
    expect(claimOpening(selectProdInfoById, { prodId: 7, gradeId: 3, platId: 'p' })).toBeUndefined();
  });
});
