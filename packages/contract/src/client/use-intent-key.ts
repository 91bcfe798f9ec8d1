import { useRef } from 'react';
import { IntentKey } from '../intent-key.js';

export { IntentKey };

/** The IntentKey (ADR 0023) of a screen or a submit hook, kept while it is mounted: the shop's and the console's. */
export function useIntentKey(): IntentKey {
  const ref = useRef<IntentKey | null>(null);
  ref.current ??= new IntentKey();
  return ref.current;
}
