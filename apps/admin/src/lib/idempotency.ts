import { useRef } from 'react';
import { IntentKey } from '@shop/contract/intent-key';

export { IntentKey };

/** The IntentKey (ADR 0023) of a screen or a submit hook, kept while it is mounted. */
export function useIntentKey(): IntentKey {
  const ref = useRef<IntentKey | null>(null);
  ref.current ??= new IntentKey();
  return ref.current;
}
