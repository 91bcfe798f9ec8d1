import { describe, expect, it, vi } from 'vitest';
import { cartBadge, cartCount, setCartCount } from './cart-count.js';
import { session } from './session.js';

describe('session store (spec 1 §3, §4)', () => {
  it('mirrors the session to sessionStorage', () => {
    session.set({ token: 't-1', openId: 'o-1' });
    expect(JSON.parse(localStorage.getItem('shop.session')!).token).toBe('t-1');
    expect(JSON.parse(sessionStorage.getItem('shop.session')!).token).toBe('t-1');
  });

  it('logout clears local storage except openId and the remembered account, and resets feature state', () => {
    const reset = vi.fn();
    session.onReset(reset);
    session.set({ token: 't-2', openId: 'o-2', userInfo: { agentName: '张明' } as never });
    session.setRememberedAccount('13800000001');
    localStorage.setItem('shop.other', 'x');
    session.clear();
    expect(session.get()).toMatchObject({ token: null, userInfo: null, openId: 'o-2' });
    expect(localStorage.getItem('shop.other')).toBeNull();
    expect(session.rememberedAccount()).toBe('13800000001');
    expect(reset).toHaveBeenCalledOnce();
  });

  it('an expired session (HTTP 403) is cleared and remembered as expired until the next login', () => {
    session.set({ token: 't-3', userInfo: { agentName: '张明' } as never });
    expect(session.signedIn()).toBe(true);
    session.expire();
    expect(session.signedIn()).toBe(false);
    expect(session.wasExpired()).toBe(true);
    session.set({ token: 't-4', userInfo: { agentName: '张明' } as never });
    expect(session.wasExpired()).toBe(false);
  });

  it('a plain logout is not an expiry', () => {
    session.set({ token: 't-5', userInfo: { agentName: '张明' } as never });
    session.clear();
    expect(session.wasExpired()).toBe(false);
  });

  it('never stores a password when remembering the account', () => {
    session.setRememberedAccount('13800000001');
    expect(JSON.stringify({ ...localStorage })).not.toContain('demo1234');
  });
});

describe('cart badge (spec 1 §9)', () => {
  it('is hidden at 0, shows the count, and is capped at 99', () => {
    expect(cartBadge(0)).toBeUndefined();
    expect(cartBadge(7)).toBe('7');
    expect(cartBadge(99)).toBe('99');
    expect(cartBadge(150)).toBe('99');
  });

  it('is reset to 0 on logout', () => {
    setCartCount(5);
    expect(cartCount()).toBe(5);
    session.clear();
    expect(cartCount()).toBe(0);
  });
});
