import { describe, expect, it } from 'vitest';
import { orderBadge, storeLink } from './badge.js';

describe('order tile badge', () => {
  it('hides at 0, shows the count up to 99 and 99+ above', () => {
    expect(orderBadge(0)).toBeNull();
    expect(orderBadge(1)).toBe('1');
    expect(orderBadge(99)).toBe('99');
    expect(orderBadge(100)).toBe('99+');
    expect(orderBadge(12345)).toBe('99+');
  });
});

describe('store link', () => {
  it('carries agentId, shopId, token and openId in the query', () => {
    expect(storeLink('https://shop.example.com/store', { agentId: 7, shopId: 3, token: 'a b', openId: null })).toBe(
      'https://shop.example.com/store?agentId=7&shopId=3&token=a+b&openId=',
    );
    expect(storeLink('https://shop.example.com/#/home?v=2', { agentId: 7, shopId: null, token: 't', openId: 'o1' })).toBe(
      'https://shop.example.com/#/home?v=2&agentId=7&shopId=&token=t&openId=o1',
    );
  });
});
