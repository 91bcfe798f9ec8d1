import { staffed, type Handlers } from '../../http/context.js';
import type { DashboardCounts } from '../../flows/dashboard-counts.js';
import { visibleQueues } from '../sockets/staff-events.sockets.js';
import type { StaffMembers } from '../../modules/staff/staff-members.service.js';

/** The console's dashboard (a flow: it reads several modules) and staff management (ADR 0020). */
export function staffConsoleHandlers(dashboard: DashboardCounts, members: StaffMembers, nameOf: (staffId: number) => Promise<string>): Handlers {
  return {
    selectDashboardCounts: staffed(async (_in, ctx) => {
      const [queues, summary] = await Promise.all([dashboard.queues(ctx.platId), dashboard.summary(ctx.platId)]);
      return { obj: { queues: visibleQueues(queues, ctx.staffRole), ...summary } };
    }),
    selectStaffList: staffed((input, ctx) => members.list(ctx.platId, input)),
    saveStaff: staffed(async (input, ctx) =>
      members.save({ platId: ctx.platId, staffId: ctx.staffId, role: ctx.staffRole, ip: ctx.ip }, input, await nameOf(ctx.staffId)),
    ),
  };
}
