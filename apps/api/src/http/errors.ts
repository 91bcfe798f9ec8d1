/**
 * Moved to lib/errors.ts (ADR 0013: services and repositories never import http/). Kept only so work in progress
 * that still imports this path compiles; lint refuses it outside http/, and it goes once nothing imports it.
 */
export { AppError, HttpError } from '../lib/errors.js';
