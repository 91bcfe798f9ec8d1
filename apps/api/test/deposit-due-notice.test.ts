import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { changeAgentGrade, reviewRecharge, submitApplicationsForPersonal, waiveAgentBondDue } from '@shop/contract';
import { sendNotifications } from '../src/jobs/send-notifications.js';
import { settleDepositDue } from '../src/modules/bond/bond.queries.js';
import type { LocalTemplateProvider } from '../src/providers/wechat-template/local-template.js';
import { useTestApp } from './helpers/app.js';
import { agentRow, freshAgent, receivingAccountId, uploadVoucher } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { depsOf } from './helpers/wechatpay-fixture.js';

/**
 * ADR 0043 (ADR 0026): when the compliance deposit falls due, the agent is told in that transaction: 合规金待缴纳 with
 * the amount due (the grade's rule less the deposit held) and a link to /compliance; one message per due episode.
 * Demo grades: 体验 rule 500.00, 银卡 1000.00, 金卡 3000.00.
 */
const t = useTestApp();

const dueMessages = (agentId: number) =>
  t.db.kysely.selectFrom('notifications').selectAll().where('agent_id', '=', agentId).where('kind', '=', 'bondDue').orderBy('id').execute();

async function holdDeposit(agentId: number, fen: number) {
  await t.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('agents').set({ bond_money: fen }).where('id', '=', agentId).execute();
    await trx
      .insertInto('account_changes')
      .values({ plat_id: t.config.platId, agent_id: agentId, account: 'bond', amount: fen, balance_after: fen, change_state: 1, order_code: null, remark: '测试', created_at: t.clock.now().toISOString() })
      .execute();
  });
}

describe('the deposit has fallen due: 合规金待缴纳 (ADR 0043)', () => {
  it('an approved first top-up tells the agent once, in-app and by WeChat, with the amount due and the deposit screen', async () => {
    const template = { plat_id: t.config.platId, kind: 'bondDue', template_id: 'TPL_bondDue', fields_json: '[{"key":"first","source":"title"},{"key":"amount1","source":"amount"}]' };
    await t.db.kysely.insertInto('notification_templates').values(template).onConflict((oc) => oc.columns(['plat_id', 'kind']).doUpdateSet({ template_id: 'TPL_bondDue' })).execute();
    const a = await freshAgent(t, { status: 0 });
    await t.db.kysely.updateTable('agents').set({ open_id: `o_due_${a.agentId}` }).where('id', '=', a.agentId).execute();
    const voucher = await uploadVoucher(t, a.token);
    const accountId = await receivingAccountId(t, a.token);
    const applied = await t.call(
      submitApplicationsForPersonal,
      { rechargeMoney: '1000.00', payType: 1, accountId, voucherImgUrl: voucher, remitAccountName: '李华', remitAccountNumber: '6222000011112222', idempotencyKey: randomUUID() },
      { token: a.token },
    );
    expect(applied.body.errorType, applied.text).toBe('SUCCESS');
    const ok = await staffCall(t, reviewRecharge, { id: applied.body.obj.id, approve: true }, { staffToken: await staffLoginAs(t, 'caiwu') });
    expect(ok.body.errorType, ok.text).toBe('SUCCESS');

    const episode = (await agentRow(t, a.agentId)).bond_due_episode;
    const messages = await dueMessages(a.agentId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '合规金待缴纳', link: '/compliance', event_key: `bond-due:${a.agentId}:${episode}` });
    expect(messages[0]!.body).toContain('需缴纳合规金 500.00元');

    // Replay: the same settle again (nothing new is due) and the same event written twice stay one message.
    const gradeId = Number((await agentRow(t, a.agentId)).grade_id);
    const again = await t.db.kysely.transaction().execute((trx) => settleDepositDue(trx, a.agentId, gradeId, t.clock.now().toISOString()));
    expect(again).toBeNull();
    expect(await dueMessages(a.agentId)).toHaveLength(1);

    await Promise.all([sendNotifications(depsOf(t), t.clock.now()), sendNotifications(depsOf(t), t.clock.now())]);
    await sendNotifications(depsOf(t), t.clock.now());
    const sent = (t.providers.wechatTemplate as LocalTemplateProvider).of(`bond-due:${a.agentId}:${episode}`);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('500.00元');
  });

  it('each due episode is one message: raised, waived, raised again by a grade change; a change that raises nothing tells nothing', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    await holdDeposit(a.agentId, 50_000);
    const admin = await staffLoginAs(t, 'admin');
    const caiwu = await staffLoginAs(t, 'caiwu');
    const grade = (i: number) => Number(a.grades[i]!.id);

    expect((await staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: grade(2), reason: '调整等级' }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    expect((await dueMessages(a.agentId)).map((m) => m.body)).toEqual([expect.stringContaining('需缴纳合规金 2500.00元')]);

    // Already due: a second raise to another grade above the deposit is the same episode.
    expect((await staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: grade(1), reason: '调回银卡' }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    expect(await dueMessages(a.agentId)).toHaveLength(1);

    expect((await staffCall(t, waiveAgentBondDue, { agentId: a.agentId, reason: '特批免缴' }, { staffToken: caiwu })).body.errorType).toBe('SUCCESS');
    expect((await staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: grade(2), reason: '再升金卡' }, { staffToken: admin })).body.errorType).toBe('SUCCESS');
    const messages = await dueMessages(a.agentId);
    expect(messages).toHaveLength(2);
    expect(new Set(messages.map((m) => m.event_key)).size).toBe(2);
    expect(messages[1]!.body).toContain('需缴纳合规金 2500.00元');
  });

  it('two grade changes at once raise one due and one message', async () => {
    const a = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const admin = await staffLoginAs(t, 'admin');
    const change = (i: number) => staffCall(t, changeAgentGrade, { agentId: a.agentId, gradeId: Number(a.grades[i]!.id), reason: '调整' }, { staffToken: admin });
    const replies = await Promise.all([change(1), change(2), change(1)]);
    expect(replies.filter((r) => r.body.errorType === 'SUCCESS').length).toBeGreaterThanOrEqual(1);
    expect(await dueMessages(a.agentId)).toHaveLength(1);
    expect((await agentRow(t, a.agentId)).is_need_bond_status).toBe(1);
  });
});
