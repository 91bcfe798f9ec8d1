import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../connect.js';
import { idColumn } from './columns.js';

/**
 * First top-up, upgrade and compliance deposit (ADR 0017): upgrade rules per grade, the recharge flags, the
 * top-up/upgrade applications, deposit payments and deposit refunds. One application in flight per agent and kind
 * (a partial unique index on both databases): a second submission cannot slip in beside a pending one.
 */
export function upgradeBond(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const ts = 'varchar(32)' as const;
  const text = (n: number) => `varchar(${n})` as const;
  const empty = (c: any) => c.notNull().defaultTo('');
  const zero = (c: any) => c.notNull().defaultTo(0);
  /** Where the money was sent (a receiving account of the platform, or the agent's collection account for refunds). */
  const receiving = (t: any) =>
    t
      .addColumn('account_id', 'bigint')
      .addColumn('receive_bank_name', text(64), empty)
      .addColumn('receive_sub_bank_name', text(64), empty)
      .addColumn('receive_account_name', text(64), empty)
      .addColumn('receive_account_number', text(32), empty);
  const paid = (t: any) =>
    receiving(t)
      .addColumn('remit_account_name', text(15), empty)
      .addColumn('remit_account_number', text(25), empty)
      .addColumn('voucher_img_url', text(2000), empty)
      .addColumn('pay_serial', text(64))
      .addColumn('paid_at', ts);
  const reviewed = (t: any) =>
    t
      .addColumn('check_state', 'integer', (c: any) => c.notNull())
      .addColumn('check_remark', text(200), empty)
      .addColumn('checked_at', ts)
      .addColumn('checked_by', 'bigint')
      .addColumn('created_at', ts, (c: any) => c.notNull());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upgrade_rules')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('grade_id', 'bigint', (c) => c.notNull().references('grades.id'))
        // Present: a one-time restock of this amount; null: recruit `recruit_count` agents.
        .addColumn('single_money', 'bigint')
        .addColumn('recruit_count', 'integer', zero)
        .addColumn('rule_str', text(200), empty)
        .addColumn('success_rule_str', text(200), empty)
        .addColumn('sort', 'integer', zero)
        .execute();

      // spec 3 §9: the WeChat option of a top-up shows only when both flags are 1.
      await db.schema
        .createTable('recharge_settings')
        .addColumn('plat_id', text(64), (c) => c.primaryKey())
        .addColumn('recharge_state', 'integer', zero)
        .addColumn('loan_recharge_state', 'integer', zero)
        .execute();

      let recharge = db.schema
        .createTable('recharge_applies')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('recharge_code', text(32), (c) => c.notNull().unique())
        // 1 first top-up (agentStatus 0), 2 upgrade.
        .addColumn('grade_up_type', 'integer', (c) => c.notNull())
        .addColumn('old_grade_id', 'bigint', (c) => c.notNull())
        .addColumn('new_grade_id', 'bigint', (c) => c.notNull())
        .addColumn('recharge_money', 'bigint', (c) => c.notNull().check(sql`recharge_money >= 0`))
        // 0 nothing to pay (recruit rule), 1 offline, 2 WeChat, 3 total score.
        .addColumn('pay_type', 'integer', (c) => c.notNull())
        .addColumn('remark', text(200), empty);
      recharge = reviewed(paid(recharge));
      await recharge.execute();
      // -1 awaiting its WeChat payment, 0 pending review: at most one of either per agent.
      await sql`CREATE UNIQUE INDEX recharge_applies_open ON recharge_applies (agent_id) WHERE check_state IN (-1, 0)`.execute(db);
      await db.schema.createIndex('recharge_applies_state').on('recharge_applies').columns(['plat_id', 'check_state', 'id']).execute();

      let bond = db.schema
        .createTable('bond_pays')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('bond_code', text(32), (c) => c.notNull().unique())
        .addColumn('bond_money', 'bigint', (c) => c.notNull().check(sql`bond_money > 0`))
        // 1 offline voucher, 2 WeChat, 3 total score.
        .addColumn('pay_type', 'integer', (c) => c.notNull())
        .addColumn('remark', text(30), empty);
      bond = reviewed(paid(bond));
      await bond.execute();
      await sql`CREATE UNIQUE INDEX bond_pays_open ON bond_pays (agent_id) WHERE check_state IN (-1, 0)`.execute(db);
      await db.schema.createIndex('bond_pays_state').on('bond_pays').columns(['plat_id', 'check_state', 'id']).execute();

      let back = db.schema
        .createTable('bond_returns')
        .addColumn(...id)
        .addColumn('plat_id', text(64), (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('bond_return_code', text(32), (c) => c.notNull().unique())
        // 1 refund all, 2 return the excess above the grade's rule amount.
        .addColumn('bond_return_type', 'integer', (c) => c.notNull())
        .addColumn('return_bond_money', 'bigint', (c) => c.notNull().check(sql`return_bond_money > 0`))
        .addColumn('remark', text(30), empty)
        .addColumn('payout_reference', text(64), empty);
      back = reviewed(receiving(back));
      await back.execute();
      await sql`CREATE UNIQUE INDEX bond_returns_open ON bond_returns (agent_id) WHERE check_state = 0`.execute(db);
      await db.schema.createIndex('bond_returns_state').on('bond_returns').columns(['plat_id', 'check_state', 'id']).execute();
    },
  };
}
