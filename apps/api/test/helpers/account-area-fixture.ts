import { hashPassword } from '../../src/lib/secrets.js';
import type { TestApp } from './app.js';

let seq = 0;
let hash: string | null = null;

/** A fresh active agent of its own (phone 1397xxxxxxx), logged in; the demo agents are shared by other files. */
export async function newAgent(
  t: TestApp,
  opts: { name?: string; inviterId?: number | null; gradeLevel?: number; payPassword?: string } = {},
): Promise<{ token: string; id: number; phone: string }> {
  seq += 1;
  const phone = `1397${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(4, '0')}`;
  hash ??= await hashPassword('demo1234');
  const grade = await t.db.kysely
    .selectFrom('grades')
    .select('id')
    .where('grade_level', '=', opts.gradeLevel ?? 1)
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('agents')
    .values({
      plat_id: t.config.platId,
      phone,
      agent_name: opts.name ?? `代理${seq}`,
      agent_code: `T${phone}`,
      password_hash: hash,
      pay_password_hash: opts.payPassword ? await hashPassword(opts.payPassword) : null,
      grade_id: Number(grade.id),
      agent_type: 1,
      agent_status: 1,
      is_need_bond_status: 0,
      is_active: 1,
      inviter_id: opts.inviterId ?? null,
      head_img_url: '',
      open_id: null,
      last_store: 0,
      lave_income: 0,
      lave_integral: 0,
      bond_money: 0,
      frozen_store: 0,
      created_at: new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString(),
    })
    .execute();
  // Remembered (7 days): the sign-in tests move the clock by days.
  const { token } = await t.login(phone, 'demo1234', { rememberMe: 1 });
  return { token, id: await t.agentIdOf(phone), phone };
}
