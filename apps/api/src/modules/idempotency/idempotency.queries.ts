/** The idempotency module's face (ADR 0013, 0023): money-moving flows run their submission through `once`. */
export { once } from './idempotency.service.js';
export type { Claim, Submission } from './idempotency.service.js';
