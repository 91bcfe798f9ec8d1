import { staffed, type Handlers } from '../../http/context.js';
import type { DashboardCounts } from '../../flows/dashboard-counts.js';
import { visibleQueues } from '../sockets/staff-events.sockets.js';
import type { StaffMembers } from '../../modules/staff/staff-members.service.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** The console's dashboard (a flow: it reads several modules) and staff management (ADR 0020). */
export function staffConsoleHandlers(dashboard: DashboardCounts, members: StaffMembers, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectDashboardCounts: staffed(async (_in, ctx) => {
      const [queues, summary] = await Promise.all([dashboard.queues(ctx.platId), dashboard.summary(ctx.platId)]);
      return { obj: { queues: visibleQueues(queues, ctx.staffRole), ...summary } };
    }),
    selectStaffList: staffed((input, ctx) => members.list(ctx.platId, input)),
    saveStaff: staffed(async (input, ctx) => members.save(await actor(ctx), input)),
  };
}
