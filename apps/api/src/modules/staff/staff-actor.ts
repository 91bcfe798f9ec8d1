import type { StaffRole } from '@shop/contract';

/**
 * The staff member acting, as every staff write's audit record and order log name them (ADR 0020, ADR 0025). The
 * staff routes build it once per call from the session (routes/staff/staff-actor.ts); reads that only scope by
 * platform or sign a link take `Pick<StaffActor, 'platId' | 'staffId'>`.
 */
export interface StaffActor {
  platId: string;
  staffId: number;
  /** The username as it is now (the audit keeps it as it was: a later rename does not rewrite history). */
  staffName: string;
  role: StaffRole;
  ip: string;
}
