/**
 * The address picked on /address?openType=1 for the settlement (spec 2 §2 pick mode): written by the address list,
 * read by /settlement. In sessionStorage, so a reload keeps it; cleared on logout.
 */
import { session } from './session.js';

const KEY = 'shop.pickedAddress';

export function setPickedAddress(id: number) {
  sessionStorage.setItem(KEY, String(id));
}

export function getPickedAddress(): number | null {
  const id = Number(sessionStorage.getItem(KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function clearPickedAddress() {
  sessionStorage.removeItem(KEY);
}

session.onReset(clearPickedAddress);
