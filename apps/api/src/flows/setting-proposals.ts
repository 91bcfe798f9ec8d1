import { PROPOSAL_STATE_TEXT, SETTING_NAMES, SETTINGS_MESSAGES, TWO_KEY_MESSAGES as M, TWO_KEY_SETTING_KEYS, type SaveSettingInput, type SettingKey } from '@shop/contract';
import { chinaTimeText } from '@shop/contract/china-time';
import type { Deps } from '../deps.js';
import type { Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { bumpVersion, decideProposal, findProposal, insertProposal, listProposals } from '../modules/settings/settings.queries.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';
import { readAll, write } from './settings.js';
import { toSettings } from './settings-map.js';
import { settingWords } from './setting-words.js';

const refuse = (message: string) => new AppError('VALIDATION', message);
class Preview extends Error {
  constructor(readonly after: string) {
    super('preview');
  }
}

/**
 * 四眼原则 (ADR 0032): a receiving account, the withdrawal rule or the income settings change only when a second
 * finance/admin member approves what a first proposed. The proposal keeps the area's version it was made against:
 * approving moves that version by compare-and-set (a proposal made stale by a later change is refused), writes the
 * area through its owners, and records before → after in words, all in one transaction with the decision's own
 * compare-and-set, so of two approvals at once one applies and the other is told.
 */
export function createSettingProposals(deps: Deps) {
  const k = deps.db.kysely;
  const audit = (trx: Trx, actor: StaffActor, e: { operation: string; targetKind: string; targetId: number; before: string; after: string; reason?: string; detail: string }) =>
    recordAudit(trx, { ...e, platId: actor.platId, staffId: actor.staffId, staffName: actor.staffName, role: actor.role, ip: actor.ip, at: iso(deps.clock.now()) });

  return {
    async propose(actor: StaffActor, input: SaveSettingInput) {
      if (!TWO_KEY_SETTING_KEYS.includes(input.key)) throw refuse(M.notTwoKey);
      const now = await readAll(k, actor.platId);
      const current = Number(now.versions.find((v) => v.setting_key === input.key)?.version ?? 0);
      if (current !== input.version) throw refuse(SETTINGS_MESSAGES.stale);
      const before = settingWords(input.key, toSettings(now));
      // The words of the result: the change is written in a transaction that is always rolled back.
      let after = '';
      try {
        await k.transaction().execute(async (trx) => {
          await write(trx, actor.platId, input, await readAll(trx, actor.platId));
          throw new Preview(settingWords(input.key, toSettings(await readAll(trx, actor.platId))));
        });
      } catch (err) {
        if (!(err instanceof Preview)) throw err;
        after = err.after;
      }
      if (after === before) throw refuse(M.unchanged);
      const at = iso(deps.clock.now());
      const id = await k.transaction().execute(async (trx) => {
        const pid = await insertProposal(trx, {
          plat_id: actor.platId,
          setting_key: input.key,
          base_version: input.version,
          value_json: JSON.stringify(input.value),
          before_text: before,
          after_text: after,
          proposed_by_id: actor.staffId,
          proposed_by_name: actor.staffName,
          decided_by_id: null,
          created_at: at,
          decided_at: null,
        });
        await audit(trx, actor, { operation: 'proposeSetting', targetKind: `setting:${input.key}`, targetId: pid, before, after, detail: `${SETTING_NAMES[input.key]}：提交变更，待复核` });
        return pid;
      });
      return { obj: { id } };
    },

    async list(actor: StaffActor) {
      const rows = await listProposals(k, actor.platId, undefined, 50);
      return {
        objs: rows.map((p) => ({
          id: Number(p.id),
          key: p.setting_key,
          keyName: SETTING_NAMES[p.setting_key as SettingKey] ?? p.setting_key,
          before: p.before_text,
          after: p.after_text,
          state: p.state,
          stateText: PROPOSAL_STATE_TEXT[p.state] ?? '',
          proposedBy: p.proposed_by_name,
          mine: Number(p.proposed_by_id) === actor.staffId,
          decidedBy: p.decided_by_name,
          reason: p.reason,
          createDate: chinaTimeText(p.created_at),
          decidedDate: p.decided_at ? chinaTimeText(p.decided_at) : null,
        })),
      };
    },

    async decide(actor: StaffActor, input: { id: number; approve: boolean; reason: string }) {
      const p = await findProposal(k, actor.platId, input.id);
      if (!p) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      if (p.state !== 0) throw refuse(M.decided);
      if (Number(p.proposed_by_id) === actor.staffId) throw refuse(M.ownProposal);
      const reason = input.reason.trim();
      if (!input.approve && !reason) throw refuse(M.reasonRequired);
      const key = p.setting_key as SettingKey;
      const at = iso(deps.clock.now());
      await k.transaction().execute(async (trx) => {
        const to = input.approve ? 1 : 2;
        if (!(await decideProposal(trx, Number(p.id), to, { decided_by_id: actor.staffId, decided_by_name: actor.staffName, reason, decided_at: at }))) throw refuse(M.decided);
        if (input.approve) {
          if (!(await bumpVersion(trx, actor.platId, key, p.base_version))) throw refuse(M.stale);
          const before = await readAll(trx, actor.platId);
          await write(trx, actor.platId, { key, value: JSON.parse(p.value_json), version: p.base_version } as SaveSettingInput, before);
          const after = await readAll(trx, actor.platId);
          await audit(trx, actor, {
            operation: 'saveSetting',
            targetKind: `setting:${key}`,
            targetId: p.base_version + 1,
            before: settingWords(key, toSettings(before)),
            after: settingWords(key, toSettings(after)),
            detail: `${SETTING_NAMES[key]}：${p.proposed_by_name} 提交，${actor.staffName} 复核通过`,
          });
        }
        await audit(trx, actor, {
          operation: 'decideSettingProposal',
          targetKind: `setting:${key}`,
          targetId: Number(p.id),
          before: PROPOSAL_STATE_TEXT[0]!,
          after: PROPOSAL_STATE_TEXT[to]!,
          reason,
          detail: `${SETTING_NAMES[key]}：${p.before_text} → ${p.after_text}`,
        });
      });
      const state = input.approve ? 1 : 2;
      return { obj: { id: Number(p.id), state, stateText: PROPOSAL_STATE_TEXT[state]! } };
    },
  };
}
export type SettingProposals = ReturnType<typeof createSettingProposals>;
