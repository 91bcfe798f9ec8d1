// One hook for the shop and the console (ADR 0023): the shared client's.
export { IntentKey, useIntentKey } from '@shop/contract/client/use-intent-key';
