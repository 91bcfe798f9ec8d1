export { DAY, HOUR, MINUTE } from '../../src/lib/clock.js';
export const SECOND = 1000;
