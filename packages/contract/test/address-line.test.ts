import { describe, expect, it } from 'vitest';
import { addressLine, fullAddress } from '../src/address.js';

describe('addressLine (the one address formatter)', () => {
  it('says a municipality once: 北京市东城区…, not 北京市北京市东城区…', () => {
    expect(addressLine('北京市', '北京市', '东城区', '东华门街道1号')).toBe('北京市东城区东华门街道1号');
    expect(addressLine('上海市', '市辖区', '黄浦区', '南京东路1号')).toBe('上海市黄浦区南京东路1号');
  });
  it('keeps province, city and district elsewhere', () => {
    expect(fullAddress({ province: '河北省', city: '唐山市', district: '古冶区', address: '林西街道88号' })).toBe('河北省唐山市古冶区林西街道88号');
  });
});
