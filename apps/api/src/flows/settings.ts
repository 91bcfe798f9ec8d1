import { MONEY_SETTING_KEYS, SETTINGS_MESSAGES, TWO_KEY_MESSAGES, TWO_KEY_SETTING_KEYS, type SaveSettingInput } from '@shop/contract';
import type { Deps } from '../deps.js';
import type { Executor, Trx } from '../db/types.js';
import { iso } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { agentSettings } from '../modules/agent/agent.queries.js';
import { recordAudit } from '../modules/audit/audit.queries.js';
import { fundsSettings } from '../modules/funds/funds.queries.js';
import { orderSettings } from '../modules/order/order.queries.js';
import { paymentSettings } from '../modules/payment/payment.queries.js';
import { pointsSettings } from '../modules/points/points.queries.js';
import { bumpVersion, readVersions } from '../modules/settings/settings.queries.js';
import { mayCall } from '../modules/staff/staff.queries.js';
import { upgradeSettings } from '../modules/upgrade/upgrade.queries.js';
import { auditText, toSettings, type SettingRows } from './settings-map.js';
import type { StaffActor } from '../modules/staff/staff.queries.js';

const M = SETTINGS_MESSAGES;
const n = (b: boolean) => (b ? 1 : 0);

/** Every area's rows, each from the module that owns them (ARCHITECTURE: one module owns each table). */
export async function readAll(db: Executor, platId: string): Promise<SettingRows> {
  const [a, u, p, f, o, pay, versions] = await Promise.all([
    agentSettings.read(db, platId),
    upgradeSettings.read(db, platId),
    pointsSettings.read(db, platId),
    fundsSettings.read(db, platId),
    orderSettings.read(db, platId),
    paymentSettings.read(db, platId),
    readVersions(db, platId),
  ]);
  return { ...a, ...u, ...p, ...f, ...o, ...pay, versions };
}

export async function write(trx: Trx, platId: string, input: SaveSettingInput, known: SettingRows) {
  const gradeIds = new Set(known.grades.map((g) => Number(g.id)));
  switch (input.key) {
    case 'grades': {
      for (const g of input.value.grades) {
        if (!gradeIds.has(g.id)) throw new AppError('VALIDATION', M.gradeId);
        await agentSettings.updateGrade(trx, platId, g.id, { grade_name: g.gradeName, first_recharge_money: g.firstRechargeMoney, bond_money: g.bondMoney });
        const rules = g.upgradeRules.map((r) => ({ id: r.id, rule_str: r.ruleStr, single_money: r.singleMoney, recruit_count: r.recruitCount }));
        await upgradeSettings.replaceRules(trx, platId, g.id, rules);
      }
      const open = input.value.grades.filter((g) => g.openForRegistration).map((g) => g.id);
      return agentSettings.saveSetting(trx, platId, { level_ids: open.join(',') });
    }
    case 'agreement': {
      // The shop shows the agreement as HTML (registration): stored cleaned, and not empty once cleaned.
      const content = sanitizeHtml(input.value.content);
      if (!content.replace(/<[^>]*>/g, '').trim()) throw new AppError('VALIDATION', M.agreementContent);
      return agentSettings.saveSetting(trx, platId, { agreement_title: input.value.title, agreement_content: content });
    }
    case 'pointSetting': {
      const v = input.value;
      return pointsSettings.save(
        trx,
        platId,
        { point_change: v.pointChange, state: n(v.state), sign_state: n(v.signState), charge_money: v.chargeMoney, charge_get_point: v.chargeGetPoint },
        { is_continuity_sign: n(v.isContinuitySign), continuity_num: v.continuityNum, fixed_integral: v.fixedIntegral, continuity_integral: v.continuityIntegral },
      );
    }
    case 'withdrawRule': {
      const v = input.value;
      return fundsSettings.saveWithdrawRule(trx, platId, {
        is_all_withdraw: n(v.isAllWithdraw),
        min_withdraw_money: v.minWithdrawMoney,
        base_money: v.baseMoney,
        service_charge_ppm: v.serviceChargePercent,
        is_can_ts: n(v.isCanTs),
        ts_msg: v.tsMsg,
      });
    }
    case 'orderRules': {
      const v = input.value;
      const autoReceiveDays = v.autoReceiveDays ?? known.orderRules?.auto_receive_days ?? 10;
      const afterSaleDays = v.afterSaleDays ?? known.orderRules?.after_sale_days ?? 7;
      const rules = { no_pay_minutes: v.noPayMinutes, post_state: n(v.postState), post_money: v.postMoney, up_pays_post: n(v.upPaysPost), auto_receive_days: autoReceiveDays, after_sale_days: afterSaleDays };
      return orderSettings.saveRules(trx, platId, rules);
    }
    case 'payMethods': {
      const v = input.value;
      await orderSettings.replacePayMethods(trx, platId, v.methods.map((m) => ({ type: m.type, is_enable: n(m.isEnable), is_can_pay_postage: n(m.isCanPayPostage), sort: m.sort })));
      await upgradeSettings.saveRechargeFlags(trx, platId, { recharge_state: n(v.rechargeState), loan_recharge_state: n(v.loanRechargeState) });
      return paymentSettings.saveVoucherRule(trx, platId, v.lineChargeVoucher);
    }
    case 'offlineAccounts':
      return paymentSettings.replaceAccounts(
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
      return orderSettings.replaceFreight(
        trx,
        platId,
        input.value.rules.map((r) => ({ province_code: r.provinceCode, first_weight: r.firstWeight, first_fee: r.firstFee, extra_weight: r.extraWeight, extra_fee: r.extraFee })),
      );
    case 'incomeSettings': {
      const rewards = input.value.gradeRewards;
      if (rewards.some((r) => !gradeIds.has(r.gradeId)) || new Set(rewards.map((r) => r.gradeId)).size !== rewards.length) throw new AppError('VALIDATION', M.gradeId);
      return fundsSettings.saveIncome(trx, platId, input.value.releaseDays, rewards.map((r) => ({ grade_id: r.gradeId, recruit_reward: r.recruitReward })));
    }
  }
}

/**
 * The console's settings (ADR 0022): a flow, because the areas belong to six modules. A save moves the area's
 * version first (compare-and-set: a second save read at the same version is refused), writes the rows through their
 * owners, then records before → after in the same transaction. Nothing the shop reads of these is cached (ADR 0008
 * caches sessions, the catalog viewer and zone pages only), so the next quote, order or sign-in reads the new value.
 */
export function createSettings({ db, clock }: Deps) {
  const k = db.kysely;
  return {
    async select(platId: string) {
      return toSettings(await readAll(k, platId));
    },

    async save(actor: StaffActor, input: SaveSettingInput) {
      // ADR 0032: money areas are finance's and admin's; the two-key ones change only by an approved proposal.
      const money = MONEY_SETTING_KEYS.includes(input.key);
      if (!mayCall(actor.role as never, money ? 'data:money-settings' : 'data:shop-settings')) throw new AppError('VALIDATION', money ? TWO_KEY_MESSAGES.moneyOnly : TWO_KEY_MESSAGES.shopOnly);
      if (TWO_KEY_SETTING_KEYS.includes(input.key)) throw new AppError('VALIDATION', TWO_KEY_MESSAGES.needsTwoKeys);
      return k.transaction().execute(async (trx) => {
        if (!(await bumpVersion(trx, actor.platId, input.key, input.version))) throw new AppError('VALIDATION', M.stale);
        const before = await readAll(trx, actor.platId);
        await write(trx, actor.platId, input, before);
        const after = await readAll(trx, actor.platId);
        await recordAudit(trx, {
          platId: actor.platId,
          staffId: actor.staffId,
          staffName: actor.staffName,
          role: actor.role,
          operation: 'saveSetting',
          targetKind: `setting:${input.key}`,
          targetId: input.version + 1,
          before: auditText(toSettings(before), input.key),
          after: auditText(toSettings(after), input.key),
          detail: input.key,
          ip: actor.ip,
          at: iso(clock.now()),
        });
        return { obj: { key: input.key, version: input.version + 1 } };
      });
    },
  };
}
export type Settings = ReturnType<typeof createSettings>;
