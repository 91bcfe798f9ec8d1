import type { Db } from '../connect.js';
import { agentCode } from '../../lib/agent-code.js';
import { hashPassword } from '../../lib/secrets.js';
import { DEMO_STAFF, seedShoppingRules, seedStaff } from './shopping.js';
import { seedCatalog } from './catalog.js';
import { seedAccountArea } from './account-area.js';
import { seedUpgradeBond } from './upgrade-bond.js';
import { seedFunds } from './funds.js';
import { seedLookupsContent } from './lookups-content.js';
import { seedChat } from './chat.js';
import { seedReconcile } from './reconcile.js';
import { rebuildPerformanceMonths } from '../migrations/036-performance-rollup.js';
import { DEMO_AGENTS, DEMO_AGREEMENT, DEMO_GRADES, DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './demo-data.js';

/**
 * The fixed demo data of the README: grades, the registration setting and four agents with opening balances.
 * Dates (notices released N days ago, activity windows, records) are relative to `at`: the server passes its clock,
 * tests their injected clock, so what is "released" or "running" never depends on when the seed ran.
 */
export async function seedDemo(db: Db, platId: string, at: Date = new Date()): Promise<void> {
  const now = at.toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const payHash = await hashPassword(DEMO_PAY_PASSWORD);
  const staffHashes = new Map<string, string>();
  for (const password of new Set(DEMO_STAFF.map((s) => s.password))) staffHashes.set(password, await hashPassword(password));

  await db.kysely.transaction().execute(async (trx) => {
    const gradeIds: number[] = [];
    for (const g of DEMO_GRADES) {
      const { id } = await trx
        .insertInto('grades')
        .values({
          plat_id: platId,
          grade_name: g.name,
          grade_level: g.level,
          first_recharge_money: g.firstRechargeFen,
          bond_money: g.bondFen,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      gradeIds.push(Number(id));
    }

    await trx
      .insertInto('agent_settings')
      .values({
        plat_id: platId,
        level_ids: DEMO_GRADES.map((g, i) => (g.openForRegistration ? gradeIds[i] : null)).filter(Boolean).join(','),
        is_enable: 1,
        invitation_title: '邀请好友',
        invitation_content: '诚邀您加入我们的健康事业，一起成长！',
        is_contain_name: 1,
        agreement_title: DEMO_AGREEMENT.title,
        agreement_content: DEMO_AGREEMENT.html,
      })
      .execute();

    let inviterId: number | null = null;
    for (const a of DEMO_AGENTS) {
      const { id }: { id: number } = await trx
        .insertInto('agents')
        .values({
          plat_id: platId,
          phone: a.phone,
          agent_name: a.name,
          agent_code: `tmp-${a.phone}`,
          password_hash: passwordHash,
          pay_password_hash: a.payPassword ? payHash : null,
          grade_id: gradeIds[a.gradeIndex]!,
          agent_type: 1,
          agent_status: a.agentStatus,
          is_need_bond_status: a.isNeedBondStatus,
          is_active: 1,
          inviter_id: a.isInviter ? null : inviterId,
          head_img_url: '',
          open_id: null,
          last_store: a.storeFen,
          lave_income: a.incomeFen,
          lave_integral: a.points,
          bond_money: 0,
          frozen_store: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const agentId: number = Number(id);
      if (a.isInviter) inviterId = agentId;
      await trx.updateTable('agents').set({ agent_code: agentCode(agentId) }).where('id', '=', agentId).execute();

      // Opening balances are ledger entries too: each balance equals the sum of its records.
      const opening = [
        { account: 'store', amount: a.storeFen, change_state: 11 },
        { account: 'income', amount: a.incomeFen, change_state: 11 },
        { account: 'integral', amount: a.points, change_state: 11 },
      ].filter((o) => o.amount > 0);
      for (const o of opening) {
        await trx
          .insertInto('account_changes')
          .values({
            plat_id: platId,
            agent_id: agentId,
            ...o,
            balance_after: o.amount,
            order_code: null,
            remark: '期初余额',
            created_at: now,
          })
          .execute();
      }
    }
    await seedShoppingRules(trx, platId);
    await seedStaff(trx, platId, staffHashes, now);
    await seedCatalog(trx, platId, gradeIds, new Date(now));
    await seedAccountArea(trx, platId, new Date(now));
    await seedUpgradeBond(trx, platId, gradeIds, now);
    await seedFunds(trx, platId, gradeIds, new Date(now));
    await seedLookupsContent(trx, platId, gradeIds, new Date(now));
    await seedChat(trx, platId, staffHashes, now);
    await seedReconcile(trx, platId, new Date(now));
    // ADR 0045: the seeded paid orders and approved top-ups in the monthly performance rollup.
    await rebuildPerformanceMonths(trx, db.dialect, platId);
  });
}
