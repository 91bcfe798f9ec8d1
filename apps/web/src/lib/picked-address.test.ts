import { describe, expect, it } from 'vitest';
import { clearPickedAddress, getPickedAddress, setPickedAddress } from './picked-address.js';
import { session } from './session.js';

describe('picked address (spec 2 §2 pick mode)', () => {
  it('keeps the picked id in sessionStorage until cleared', () => {
    expect(getPickedAddress()).toBeNull();
    setPickedAddress(42);
    expect(sessionStorage.getItem('shop.pickedAddress')).toBe('42');
    expect(getPickedAddress()).toBe(42);
    clearPickedAddress();
    expect(getPickedAddress()).toBeNull();
  });

  it('reads a broken entry as none, and is cleared on logout', () => {
    sessionStorage.setItem('shop.pickedAddress', 'abc');
    expect(getPickedAddress()).toBeNull();
    setPickedAddress(7);
    session.clear();
    expect(getPickedAddress()).toBeNull();
  });
});
