import { describe, expect, it } from 'vitest';
import { uplineName } from './upline.js';

describe('uplineName (cart and settlement header)', () => {
  it("names the upline, not its bare code", () => {
    expect(uplineName({ apgId: 1, apgName: '张明', apgSysCode: 'DL000001' })).toBe('张明');
  });
  it('says 总部 under headquarters', () => {
    expect(uplineName({ apgId: null, apgName: null, apgSysCode: null })).toBe('总部');
    expect(uplineName(null)).toBe('总部');
  });
  it('falls back to the code for a session stored before the name was sent', () => {
    expect(uplineName({ apgId: 1, apgSysCode: 'DL000001' })).toBe('DL000001');
  });
});
