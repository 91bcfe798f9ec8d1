import { SETTINGS_MESSAGES, type SaveSettingInput } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { Trx } from '../../db/types.js';
import { iso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { recordAudit } from '../audit/audit.queries.js';
import { auditText, toSettings } from './settings.map.js';
import * as repo from './settings.repository.js';

const M = SETTINGS_MESSAGES;
const n = (b: boolean) => (b ? 1 : 0);

export interface SettingActor {
  platId: string;
  staffId: number;
  staffName: string;
  role: string;
  ip: string;
}

/**
 * The console's settings (issue 12 item 2). A save moves the area's version first (compare-and-set), writes the rows,
 * then records before → after in the same transaction. Nothing the shop reads is cached (ADR 0008 caches sessions,
 * the catalog viewer and zone pages only), so the next order, quote or sign-in reads the new value at once.
 */
export function createSettingsService({ db, clock }: Deps) {
  const k = db.kysely;

  async function write(trx: Trx, platId: string, input: SaveSettingInput) {
    switch (input.key) {
      case 'grades': {
        const known = new Set((await repo.readAll(trx, platId)).grades.map((g) => Number(g.id)));
        for (const g of input.value.grades) {
          if (!known.has(g.id)) throw new AppError('VALIDATION', M.gradeId);
          await repo.updateGrade(trx, platId, g.id, { grade_name: g.gradeName, first_recharge_money: g.firstRechargeMoney, bond_money: g.bondMoney });
          const rules = g.upgradeRules.map((r) => ({ id: r.id, rule_str: r.ruleStr, single_money: r.singleMoney, recruit_count: r.recruitCount }));
          await repo.replaceUpgradeRules(trx, platId, g.id, rules);
        }
        const open = input.value.grades.filter((g) => g.openForRegistration).map((g) => g.id);
        return repo.upsertSingle(trx, 'agent_settings', platId, { level_ids: open.join(',') });
      }
      case 'agreement': {
        // The shop shows the agreement as HTML (registration): stored cleaned, and not empty once cleaned.
        const content = sanitizeHtml(input.value.content);
        if (!content.replace(/<[^>]*>/g, '').trim()) throw new AppError('VALIDATION', M.agreementContent);
        return repo.upsertSingle(trx, 'agent_settings', platId, { agreement_title: input.value.title, agreement_content: content });
      }
      case 'pointSetting': {
        const v = input.value;
        await repo.upsertSingle(trx, 'point_settings', platId, {
          point_change: v.pointChange,
          state: n(v.state),
          sign_state: n(v.signState),
          charge_money: v.chargeMoney,
          charge_get_point: v.chargeGetPoint,
        });
        return repo.upsertSingle(trx, 'sign_settings', platId, {
          is_continuity_sign: n(v.isContinuitySign),
          continuity_num: v.continuityNum,
          fixed_integral: v.fixedIntegral,
          continuity_integral: v.continuityIntegral,
        });
      }
      case 'withdrawRule': {
        const v = input.value;
        return repo.upsertSingle(trx, 'withdraw_rules', platId, {
          is_all_withdraw: n(v.isAllWithdraw),
          min_withdraw_money: v.minWithdrawMoney,
          base_money: v.baseMoney,
          service_charge_ppm: v.serviceChargePercent,
          is_can_ts: n(v.isCanTs),
          ts_msg: v.tsMsg,
        });
      }
      case 'orderRules':
        return repo.upsertSingle(trx, 'order_rules', platId, {
          no_pay_minutes: input.value.noPayMinutes,
          post_state: n(input.value.postState),
          post_money: input.value.postMoney,
          up_pays_post: n(input.value.upPaysPost),
        });
      case 'payMethods': {
        const v = input.value;
        await repo.replacePayMethods(trx, platId, v.methods.map((m) => ({ type: m.type, is_enable: n(m.isEnable), is_can_pay_postage: n(m.isCanPayPostage), sort: m.sort })));
        await repo.upsertSingle(trx, 'recharge_settings', platId, { recharge_state: n(v.rechargeState), loan_recharge_state: n(v.loanRechargeState) });
        return repo.upsertSingle(trx, 'offline_pay_settings', platId, { line_charge_voucher: v.lineChargeVoucher });
      }
      case 'offlineAccounts':
        return repo.replaceOfflineAccounts(
          trx,
          platId,
          input.value.accounts.map((a) => ({
            id: a.id,
            account_classify: a.accountClassify,
            bank_dic_name: a.bankDicName,
            sub_bank_name: a.subBankName,
            account_name: a.accountName,
            account_number: a.accountNumber,
            qr_code_img_url: a.qrCodeImgUrl,
            is_default: n(a.isDefault),
          })),
        );
      case 'freight':
        return repo.replaceFreight(
          trx,
          platId,
          input.value.rules.map((r) => ({ province_code: r.provinceCode, first_weight: r.firstWeight, first_fee: r.firstFee, extra_weight: r.extraWeight, extra_fee: r.extraFee })),
        );
      case 'incomeSettings': {
        const known = new Set((await repo.readAll(trx, platId)).grades.map((g) => Number(g.id)));
        const rewards = input.value.gradeRewards;
        if (rewards.some((r) => !known.has(r.gradeId)) || new Set(rewards.map((r) => r.gradeId)).size !== rewards.length) throw new AppError('VALIDATION', M.gradeId);
        await repo.upsertSingle(trx, 'income_settings', platId, { release_days: input.value.releaseDays });
        return repo.replaceGradeRewards(trx, platId, rewards.map((r) => ({ grade_id: r.gradeId, recruit_reward: r.recruitReward })));
      }
    }
  }

  return {
    async select(platId: string) {
      return toSettings(await repo.readAll(k, platId));
    },

    async save(actor: SettingActor, input: SaveSettingInput) {
      return k.transaction().execute(async (trx) => {
        if (!(await repo.bumpVersion(trx, actor.platId, input.key, input.version))) throw new AppError('VALIDATION', M.stale);
        const before = toSettings(await repo.readAll(trx, actor.platId));
        await write(trx, actor.platId, input);
        const after = toSettings(await repo.readAll(trx, actor.platId));
        await recordAudit(trx, {
          platId: actor.platId,
          staffId: actor.staffId,
          staffName: actor.staffName,
          role: actor.role,
          operation: 'saveSetting',
          targetKind: `setting:${input.key}`,
          targetId: input.version + 1,
          before: auditText(before, input.key),
          after: auditText(after, input.key),
          detail: input.key,
          ip: actor.ip,
          at: iso(clock.now()),
        });
        return { obj: { key: input.key, version: input.version + 1 } };
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
