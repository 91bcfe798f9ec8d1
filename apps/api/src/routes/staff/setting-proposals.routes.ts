import { staffed, type Handlers } from '../../http/context.js';
import type { SettingProposals } from '../../flows/setting-proposals.js';
import { staffActorOf, type StaffNameOf } from './staff-actor.js';

/** 待复核的变更 (ADR 0032): money settings under two keys; finance and admin only (staff-permissions.ts). */
export function settingProposalHandlers(proposals: SettingProposals, nameOf: StaffNameOf): Handlers {
  const actor = staffActorOf(nameOf);
  return {
    proposeSetting: staffed(async (input, ctx) => proposals.propose(await actor(ctx), input)),
    selectSettingProposals: staffed(async (_in, ctx) => proposals.list(await actor(ctx))),
    decideSettingProposal: staffed(async (input, ctx) => proposals.decide(await actor(ctx), input)),
  };
}
