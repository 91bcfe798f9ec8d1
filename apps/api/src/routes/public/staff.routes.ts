import type { Handlers } from '../../http/context.js';
import type { StaffSessions } from '../../modules/staff/staff.service.js';

/** The console's login: the one staff operation before a staff session. */
export function staffLoginHandlers(sessions: StaffSessions): Handlers {
  return {
    staffLogin: (input, ctx) => sessions.login(ctx.platId, input, { ip: ctx.ip, userAgent: ctx.userAgent }),
  };
}
