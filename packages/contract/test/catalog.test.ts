import { describe, expect, it } from 'vitest';
import { activityStateAt, chinaTimeText, noticeShownDate, operations, parseChinaTime } from '../src/index.js';

describe('China time on the wire', () => {
  it('shows a UTC instant in China time and reads it back', () => {
    expect(chinaTimeText('2026-11-21T02:00:00.000Z')).toBe('2026-11-21 10:00:00');
    expect(chinaTimeText(new Date('2026-12-31T16:30:05.000Z'))).toBe('2027-01-01 00:30:05');
    expect(parseChinaTime('2026-11-21 10:00:00')).toBe(Date.parse('2026-11-21T02:00:00.000Z'));
    expect(parseChinaTime('2026/11/21')).toBeNaN();
  });
});

describe('activity state (spec 1 §4)', () => {
  const start = Date.parse('2026-11-24T02:00:00Z');
  const end = Date.parse('2026-11-28T02:00:00Z');
  it.each([
    [start - 1, 1],
    [start, 2],
    [end - 1, 2],
    [end, 3],
  ])('at %i is %i', (now, state) => {
    expect(activityStateAt(start, end, now)).toBe(state);
  });
});

describe('notice release time (spec 3 §9)', () => {
  it('is the modify date for a non-timed notice, else the create date', () => {
    const n = { modifyDate: '2026-11-20 10:00:00', createDate: '2026-11-01 09:00:00' };
    expect(noticeShownDate({ ...n, isTimingRelease: 0 })).toBe('2026-11-20 10:00:00');
    expect(noticeShownDate({ ...n, isTimingRelease: 1 })).toBe('2026-11-01 09:00:00');
  });
});

describe('catalog operations', () => {
  it('keep the paths the spec names and put the others under their area', () => {
    const table = Object.fromEntries(operations.map((op) => [op.name, [op.path, op.auth]]));
    expect(table).toMatchObject({
      selectAppNoticeById: ['/api/home/selectAppNoticeById.do', 'agent'],
      selectBasePointSet: ['/api/base/selectBasePointSet.do', 'agent'],
      selectProdListByType: ['/api/prod/selectProdListByType.do', 'agent'],
      selectIntegralProdList: ['/api/prod/selectIntegralProdList.do', 'agent'],
      selectProdInfoById: ['/api/prod/selectProdInfoById.do', 'agent'],
      selectIntegralProdById: ['/api/prod/selectIntegralProdById.do', 'agent'],
      selectBannerList: ['/api/home/selectBannerList.do', 'agent'],
      selectNewNotice: ['/api/home/selectNewNotice.do', 'agent'],
      selectAgentGradeInfo: ['/api/agent/selectAgentGradeInfo.do', 'agent'],
      selectBaseGradeInfo: ['/api/agent/selectBaseGradeInfo.do', 'agent'],
      selectAgentGradeCheck: ['/api/agent/selectAgentGradeCheck.do', 'agent'],
    });
  });
});
