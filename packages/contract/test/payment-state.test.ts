import { describe, expect, it } from 'vitest';
import { balanceSituation, pointsOffset } from '../src/index.js';

// Money in fen: 100000 = 1000.00 yuan.
describe('balanceSituation (isCanState, spec 1 §4 / spec 2 §4)', () => {
  const goods = 100_000;
  const freight = 1_000;

  it.each([
    // balance, freightFromBalance, freight → state, fromBalance, outstanding, shortfall
    ['covers goods and freight, freight payable', 200_000, true, freight, 1, 101_000, 0, 0],
    ['freight is 0', 100_000, false, 0, 1, 100_000, 0, 0],
    ['covers goods + freight, freight not payable from it', 200_000, false, freight, 2, 100_000, 1_000, 0],
    ['covers goods only, freight payable: remainder outstanding', 100_500, true, freight, 3, 100_500, 500, 500],
    ['covers goods only, freight not payable: only freight outstanding', 100_500, false, freight, 3.5, 100_000, 1_000, 0],
    ['below the goods: shortfall plus freight', 60_000, true, freight, 4, 60_000, 41_000, 41_000],
    ['below the goods with no freight', 60_000, true, 0, 4, 60_000, 40_000, 40_000],
    ['zero balance', 0, true, freight, 4, 0, 101_000, 101_000],
  ] as const)('%s', (_name, balance, freightFromBalance, f, state, fromBalance, outstanding, shortfall) => {
    const s = balanceSituation({ balance, goods, freight: f, freightFromBalance });
    expect(s).toEqual({ state, fromBalance, outstanding, shortfall });
    expect(s.fromBalance + s.outstanding).toBe(goods + f);
    expect(s.fromBalance).toBeLessThanOrEqual(balance);
  });

  it('offline at order time is state 5 and takes nothing from the balance', () => {
    expect(balanceSituation({ balance: 500_000, goods, freight, freightFromBalance: true, offline: true })).toMatchObject({
      state: 5,
      fromBalance: 0,
      outstanding: 101_000,
    });
  });

  it('exactly enough for goods and freight is state 1', () => {
    expect(balanceSituation({ balance: 101_000, goods, freight, freightFromBalance: true }).state).toBe(1);
  });
});

describe('pointsOffset (spec 1 §4 points deduction)', () => {
  it('needs ceil(deductible yuan × pointChange) points for the whole deductible money', () => {
    expect(pointsOffset({ deductible: 1_550, pointChange: 1, available: 2000 })).toEqual({ points: 16, money: 1_550 });
    expect(pointsOffset({ deductible: 1_500, pointChange: 10, available: 2000 })).toEqual({ points: 150, money: 1_500 });
  });

  it('is capped by the points the agent has; the money is what those points buy', () => {
    expect(pointsOffset({ deductible: 5_000, pointChange: 1, available: 20 })).toEqual({ points: 20, money: 2_000 });
    expect(pointsOffset({ deductible: 5_000, pointChange: 3, available: 20 })).toEqual({ points: 20, money: 666 });
  });

  it('uses nothing when there is nothing to offset or no points', () => {
    expect(pointsOffset({ deductible: 0, pointChange: 1, available: 100 })).toEqual({ points: 0, money: 0 });
    expect(pointsOffset({ deductible: 1_000, pointChange: 1, available: 0 })).toEqual({ points: 0, money: 0 });
  });

  it('treats a missing or zero pointChange as 1 (the default)', () => {
    expect(pointsOffset({ deductible: 1_000, pointChange: 0, available: 100 })).toEqual({ points: 10, money: 1_000 });
  });
});
