import type { Trx } from '../types.js';

/** Order rules, pay methods and freight of the demo platform. Money in fen, weights in grams. */
export const DEMO_ORDER_RULES = { no_pay_minutes: 30, post_state: 1, post_money: 100_000 };

export const DEMO_PAY_METHODS = [
  { type: 1, is_can_pay_postage: 1, sort: 1 }, // WeChat
  { type: 3, is_can_pay_postage: 1, sort: 2 }, // goods fund
  { type: 2, is_can_pay_postage: 1, sort: 3 }, // total-branch income
  { type: 4, is_can_pay_postage: 1, sort: 4 }, // offline
];

/** '000000' is everywhere without a rule of its own. */
export const DEMO_FREIGHT = [
  { province_code: '000000', first_weight: 1000, first_fee: 1000, extra_weight: 1000, extra_fee: 500 },
  { province_code: '650000', first_weight: 1000, first_fee: 2000, extra_weight: 1000, extra_fee: 1000 }, // 新疆
  { province_code: '540000', first_weight: 1000, first_fee: 2000, extra_weight: 1000, extra_fee: 1000 }, // 西藏
  { province_code: '710000', first_weight: 1000, first_fee: 3000, extra_weight: 1000, extra_fee: 1500 }, // 台湾
  { province_code: '810000', first_weight: 1000, first_fee: 3000, extra_weight: 1000, extra_fee: 1500 }, // 香港
  { province_code: '820000', first_weight: 1000, first_fee: 3000, extra_weight: 1000, extra_fee: 1500 }, // 澳门
];

/** Where agents transfer money for an offline payment; the setting asks for the remitter's name and account. */
export const DEMO_OFFLINE_ACCOUNTS = [
  { account_classify: 1, bank_dic_name: '中国工商银行', sub_bank_name: '深圳南山支行', account_name: '健康优选（深圳）有限公司', account_number: '4000023409200156789', is_default: 1 },
  { account_classify: 3, bank_dic_name: '支付宝', sub_bank_name: '', account_name: '健康优选（深圳）有限公司', account_number: 'pay@jiankang.example.com', is_default: 0 },
];

/** Platform staff (ADR 0010), API only: passwords for the demo only. */
export const DEMO_STAFF = [
  { username: 'admin', display_name: '平台管理员', role: 'admin', password: 'staff1234' },
  { username: 'caiwu', display_name: '财务专员', role: 'finance', password: 'staff1234' },
  { username: 'cangku', display_name: '仓库专员', role: 'warehouse', password: 'staff1234' },
  { username: 'yunying', display_name: '运营专员', role: 'operator', password: 'staff1234' },
];

/** The demo staff; `hashes` maps each password to its argon2 hash, made before the transaction (hashing is slow). */
export async function seedStaff(trx: Trx, platId: string, hashes: ReadonlyMap<string, string>, now: string) {
  await trx
    .insertInto('staff')
    .values(
      DEMO_STAFF.map((s) => ({
        plat_id: platId,
        username: s.username,
        display_name: s.display_name,
        role: s.role,
        password_hash: hashes.get(s.password)!,
        created_at: now,
      })),
    )
    .execute();
}

/** DEMO_NO_PAY_MINUTES shortens the demo's payment window (the browser tests watch an order close by itself). */
export function demoNoPayMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.DEMO_NO_PAY_MINUTES);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : DEMO_ORDER_RULES.no_pay_minutes;
}

export async function seedShoppingRules(trx: Trx, platId: string) {
  await trx.insertInto('order_rules').values({ plat_id: platId, ...DEMO_ORDER_RULES, no_pay_minutes: demoNoPayMinutes() }).execute();
  await trx
    .insertInto('pay_methods')
    .values(DEMO_PAY_METHODS.map((m) => ({ plat_id: platId, is_enable: 1, ...m })))
    .execute();
  await trx.insertInto('offline_accounts').values(DEMO_OFFLINE_ACCOUNTS.map((a) => ({ plat_id: platId, ...a }))).execute();
  await trx.insertInto('offline_pay_settings').values({ plat_id: platId, line_charge_voucher: 2 }).execute();
  await trx
    .insertInto('freight_rules')
    .values(DEMO_FREIGHT.map((f) => ({ plat_id: platId, ...f })))
    .execute();
}
