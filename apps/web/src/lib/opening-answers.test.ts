import { describe, expect, it } from 'vitest';
import { claimOpening, offerOpening } from './opening-answers.js';
import { selectMyPageData, selectProdInfoById } from './first-screen-ops.js';
import { session } from './session.js';

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

  it('untaken, are dropped when the session ends (the next agent to log in asks for their own)', async () => {
    offerOpening(selectMyPageData, { id: 5, platId: 'p' }, Promise.reject(new Error('403')));
    session.clear();
    expect(claimOpening(selectMyPageData, { id: 5, platId: 'p' })).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the untaken failure is nobody's: no unhandled rejection
  });
});
