/**
 * What flows ask the cart (its face, ADR 0013): placing an order clears the cart lines it settled, in the order's
 * transaction.
 */
export { deleteLines } from './cart.repository.js';
