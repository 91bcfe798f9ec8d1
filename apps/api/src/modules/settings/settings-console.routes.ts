import { staffed, type Handlers } from '../../http/context.js';
import type { SettingsService } from './settings.service.js';

/** 系统设置 in the console (issue 12 item 2): read every area, save one. */
export function settingsConsoleHandlers(settings: SettingsService, nameOf: (staffId: number) => Promise<string>): Handlers {
  return {
    selectSettings: staffed(async (_in, ctx) => ({ obj: await settings.select(ctx.platId) })),
    saveSetting: staffed(async (input, ctx) =>
      settings.save({ platId: ctx.platId, staffId: ctx.staffId, staffName: await nameOf(ctx.staffId), role: ctx.staffRole, ip: ctx.ip }, input),
    ),
  };
}
