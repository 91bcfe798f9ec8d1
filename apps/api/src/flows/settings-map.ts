import { ppmToPercent, SETTING_KEYS, settingsOut, type SettingKey, type SettingsIn } from '@shop/contract';
import type * as agent from '../modules/agent/agent.queries.js';
import type * as funds from '../modules/funds/funds.queries.js';
import type * as order from '../modules/order/order.queries.js';
import type * as payment from '../modules/payment/payment.queries.js';
import type * as points from '../modules/points/points.queries.js';
import type * as upgrade from '../modules/upgrade/upgrade.queries.js';
import { toOfflineAccount } from '../modules/payment/payment.queries.js';

type Rows<T extends (...a: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;
/** Every area's rows, each read by the module that owns them. */
export type SettingRows = Rows<typeof agent.agentSettings.read> &
  Rows<typeof upgrade.upgradeSettings.read> &
  Rows<typeof points.pointsSettings.read> &
  Rows<typeof funds.fundsSettings.read> &
  Rows<typeof order.orderSettings.read> &
  Rows<typeof payment.paymentSettings.read> & { versions: { setting_key: string; version: number }[] };

const on = (v: number | null | undefined) => v === 1;

/** The rows of every area as the console shows them (fen stays fen here: the output schema writes yuan). */
export function toSettings(r: SettingRows): SettingsIn {
  const open = (r.setting?.level_ids ?? '').split(',').map(Number).filter(Boolean);
  const versions = Object.fromEntries(SETTING_KEYS.map((k) => [k, Number(r.versions.find((v) => v.setting_key === k)?.version ?? 0)]));
  const gradeName = new Map(r.grades.map((g) => [Number(g.id), g.grade_name]));
  return {
    versions,
    grades: {
      grades: r.grades.map((g) => ({
        id: Number(g.id),
        gradeName: g.grade_name,
        gradeLevel: g.grade_level,
        firstRechargeMoney: Number(g.first_recharge_money),
        bondMoney: Number(g.bond_money),
        openForRegistration: open.includes(Number(g.id)),
        upgradeRules: r.upgradeRules
          .filter((u) => Number(u.grade_id) === Number(g.id))
          .map((u) => ({ id: Number(u.id), ruleStr: u.rule_str, singleMoney: u.single_money === null ? null : Number(u.single_money), recruitCount: u.recruit_count })),
      })),
    },
    agreement: { title: r.setting?.agreement_title ?? '', content: r.setting?.agreement_content ?? '' },
    pointSetting: {
      pointChange: r.point?.point_change ?? 1,
      state: on(r.point?.state),
      signState: on(r.point?.sign_state),
      chargeMoney: Number(r.point?.charge_money ?? 100),
      chargeGetPoint: r.point?.charge_get_point ?? 0,
      isContinuitySign: on(r.sign?.is_continuity_sign),
      continuityNum: r.sign?.continuity_num || 7,
      fixedIntegral: r.sign?.fixed_integral ?? 0,
      continuityIntegral: r.sign?.continuity_integral ?? 0,
    },
    withdrawRule: {
      isAllWithdraw: on(r.withdraw?.is_all_withdraw),
      minWithdrawMoney: Number(r.withdraw?.min_withdraw_money ?? 0),
      baseMoney: Number(r.withdraw?.base_money ?? 0),
      serviceChargePercent: ppmToPercent(Number(r.withdraw?.service_charge_ppm ?? 0)),
      isCanTs: on(r.withdraw?.is_can_ts),
      tsMsg: r.withdraw?.ts_msg ?? '',
    },
    orderRules: {
      noPayMinutes: r.orderRules?.no_pay_minutes ?? 30,
      postState: on(r.orderRules?.post_state),
      postMoney: Number(r.orderRules?.post_money ?? 0),
      upPaysPost: (r.orderRules?.up_pays_post ?? 1) === 1,
      autoReceiveDays: r.orderRules?.auto_receive_days ?? 10,
      afterSaleDays: r.orderRules?.after_sale_days ?? 7,
    },
    payMethods: {
      methods: r.payMethods.map((m) => ({ type: m.type, isEnable: on(m.is_enable), isCanPayPostage: on(m.is_can_pay_postage), sort: m.sort })),
      rechargeState: on(r.recharge?.recharge_state),
      loanRechargeState: on(r.recharge?.loan_recharge_state),
      lineChargeVoucher: r.offlinePay?.line_charge_voucher ?? 1,
    },
    offlineAccounts: {
      accounts: r.accounts.map((a) => ({ ...toOfflineAccount(a), isDefault: on(a.is_default) })),
    },
    freight: {
      rules: r.freight.map((f) => ({
        provinceCode: f.province_code,
        firstWeight: f.first_weight,
        firstFee: Number(f.first_fee),
        extraWeight: f.extra_weight,
        extraFee: Number(f.extra_fee),
      })),
    },
    incomeSettings: {
      releaseDays: r.income?.release_days ?? 0,
      gradeRewards: r.rewards.map((w) => ({ gradeId: Number(w.grade_id), gradeName: gradeName.get(Number(w.grade_id)) ?? '', recruitReward: Number(w.recruit_reward) })),
    },
  };
}

/** One area for the audit trail as the console shows it (yuan), compact: the trail keeps 2000 characters of each side. */
export function auditText(s: SettingsIn, key: SettingKey): string {
  return JSON.stringify(settingsOut.shape[key].parse(s[key]));
}
