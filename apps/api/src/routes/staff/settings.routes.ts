import { staffed, type Handlers } from '../../http/context.js';
import type { Settings } from '../../flows/settings.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** 系统设置 in the console (ADR 0022): read every area, save one (a flow: the areas belong to six modules). */
export function settingsConsoleHandlers(settings: Settings, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    selectSettings: staffed(async (_in, ctx) => ({ obj: await settings.select(ctx.platId) })),
    saveSetting: staffed(async (input, ctx) => settings.save(await actor(ctx), input)),
  };
}
