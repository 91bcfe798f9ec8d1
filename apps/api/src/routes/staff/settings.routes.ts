import { staffed, type Handlers } from '../../http/context.js';
import type { Settings } from '../../flows/settings.js';

/** 系统设置 in the console (ADR 0022): read every area, save one (a flow: the areas belong to six modules). */
export function settingsConsoleHandlers(settings: Settings, nameOf: (staffId: number) => Promise<string>): Handlers {
  return {
    selectSettings: staffed(async (_in, ctx) => ({ obj: await settings.select(ctx.platId) })),
    saveSetting: staffed(async (input, ctx) =>
      settings.save({ platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip }, input),
    ),
  };
}
