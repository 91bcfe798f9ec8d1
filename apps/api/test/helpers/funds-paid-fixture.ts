import { hashPassword } from '../../src/lib/secrets.js';
import sharp from 'sharp';
import { fnSelBaseOfflinePayAccount, uploadImgFile } from '@shop/contract';
import type { TestApp } from './app.js';
import { addProduct } from './shop-fixture.js';

/** A voucher image uploaded by the agent (the wing's voucher check accepts only the payer's own uploads). */
export async function uploadVoucher(t: TestApp, token: string): Promise<string> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3a9' } }).png().toBuffer();
  return (await t.upload(uploadImgFile, [{ name: 'v.png', data: png }], { token })).body.obj as string;
}

/** The platform's first receiving account id. */
export async function receivingAccountId(t: TestApp, token: string): Promise<number> {
  const r = await t.call(fnSelBaseOfflinePayAccount, {}, { token });
  return Number(r.body.objs[0].id);
}

export const agentRow = (t: TestApp, id: number) => t.db.kysely.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Change records of an agent's account with a code, oldest first. */
export const changesOf = (t: TestApp, agentId: number, account: string, code: string) =>
  t.db.kysely
    .selectFrom('account_changes')
    .select(['amount', 'change_state'])
    .where('agent_id', '=', agentId)
    .where('account', '=', account)
    .where('order_code', '=', code)
    .orderBy('id')
    .execute();

export const auditCount = async (t: TestApp, kind: string, id: number) =>
  (await t.db.kysely.selectFrom('audit_logs').select('id').where('target_kind', '=', kind).where('target_id', '=', id).execute()).length;

let serial = 0;
/** The payment password `freshAgent` gives by default (ADR 0024: no money leaves an account without one). */
export const FRESH_PAY_PASSWORD = '123456';
let payHash: Promise<string> | null = null;

/**
 * A fresh agent (password demo1234, payment password FRESH_PAY_PASSWORD unless `payPassword: null`) of the grade at
 * `gradeIndex`, with total score `incomeFen` through the ledger, logged in: tests of one file share the database, so
 * each gets its own agent.
 */
export async function freshAgent(
  t: TestApp,
  o: { status: 0 | 1; gradeIndex?: number; incomeFen?: number; needBond?: 0 | 1; inviterPhone?: string; payPassword?: null },
) {
  const k = t.db.kysely;
  serial += 1;
  const phone = `139${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(5, '0')}`;
  const model = await k.selectFrom('agents').selectAll().where('phone', '=', '13800000002').executeTakeFirstOrThrow();
  const grades = await k.selectFrom('grades').selectAll().where('plat_id', '=', model.plat_id).orderBy('grade_level').execute();
  const inviter = o.inviterPhone ? await k.selectFrom('agents').select('id').where('phone', '=', o.inviterPhone).executeTakeFirstOrThrow() : null;
  const { id } = await k
    .insertInto('agents')
    .values({
      ...model,
      id: undefined,
      phone,
      agent_code: `T${phone}`,
      agent_name: `测试${serial}`,
      grade_id: Number(grades[o.gradeIndex ?? 0]!.id),
      agent_status: o.status,
      is_need_bond_status: o.needBond ?? 0,
      inviter_id: inviter ? Number(inviter.id) : null,
      last_store: 0,
      lave_income: 0,
      lave_integral: 0,
      bond_money: 0,
      frozen_store: 0,
      open_id: null,
      pay_password_hash: o.payPassword === null ? null : await (payHash ??= hashPassword(FRESH_PAY_PASSWORD)),
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  const agentId = Number(id);
  if (o.incomeFen) {
    await k.updateTable('agents').set({ lave_income: o.incomeFen }).where('id', '=', agentId).execute();
    await k
      .insertInto('account_changes')
      .values({ plat_id: model.plat_id, agent_id: agentId, account: 'income', amount: o.incomeFen, balance_after: o.incomeFen, change_state: 11, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() })
      .execute();
  }
  const openId = `o_${phone}`;
  const { token } = await t.login(phone, 'demo1234', { openId });
  return { phone, agentId, token, openId, grades };
}

/** An inviter chain buyer ← mid ← top on grades 0, 1, 2, and one spec that costs them 100.00 / 90.00 / 75.00. */
export async function gradeChain(t: TestApp) {
  const top = await freshAgent(t, { status: 1, gradeIndex: 2 });
  const mid = await freshAgent(t, { status: 1, gradeIndex: 1, inviterPhone: top.phone });
  const buyer = await freshAgent(t, { status: 1, gradeIndex: 0, inviterPhone: mid.phone });
  const p = await addProduct(t, { stock: 100, finalPrice: 10_000 });
  const grades = top.grades.map((g) => Number(g.id));
  for (const [i, fen] of [[1, 9_000], [2, 7_500]] as const) {
    await t.db.kysely.updateTable('grade_prices').set({ final_price: fen }).where('single_prod_id', '=', p.singleProdId).where('grade_id', '=', grades[i]!).execute();
  }
  return { top, mid, buyer, p };
}
