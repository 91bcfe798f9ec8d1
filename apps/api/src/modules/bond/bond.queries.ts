/** The bond module's face for flows (ARCHITECTURE layering). */
export * from './bond.repository.js';
export { bondSubject } from './bond.subject.js';
