/** The after-sale module's face (ADR 0013, ADR 0036): agents' after-sales requests, their lines, photos and steps. */
export * as afterSaleRepo from './after-sale.repository.js';
export type { AfterSaleRow } from './after-sale.repository.js';
