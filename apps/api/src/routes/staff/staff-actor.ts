import type { Staffed } from '../../http/context.js';
import type { StaffActor } from '../../modules/staff/staff.queries.js';

/** The staff member's name as the audit records it (compose.ts resolves it from the staff face). */
export type StaffNameOf = (staffId: number) => Promise<string>;

/** Who acts in a staff call, for the audit record (the role check itself is the operation routes', ADR 0020). */
export const staffActorOf =
  (nameOf: StaffNameOf) =>
  async (ctx: Staffed): Promise<StaffActor> => ({
    platId: ctx.platId,
    staffId: ctx.staffId,
    staffName: await nameOf(ctx.staffId),
    role: ctx.staffRole,
    ip: ctx.ip,
  });
