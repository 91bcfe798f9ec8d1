import { describe, expect, it } from 'vitest';
import {
  NOTIFY_KINDS,
  countMyUnread,
  readAllMyMessages,
  readMyMessage,
  retryDeadLetter,
  reviewWithdrawal,
  saveAccount,
  saveAgentWithdrawCashApply,
  saveMyNotifyPref,
  saveNotifyTemplates,
  selectDeadLetters,
  selectDeliveryCounts,
  selectMyMessages,
  selectMyNotifyPrefs,
  selectNotifyTemplates,
  sendAnnouncement,
} from '@shop/contract';
import { BACKOFF_MS, MAX_ATTEMPTS, LEASE_MS } from '../src/modules/notification/notification-sender.js';
import { sendNotifications } from '../src/jobs/send-notifications.js';
import { LocalTemplateProvider } from '../src/providers/wechat-template/local-template.js';
import type { TemplateProvider } from '../src/providers/wechat-template/template-provider.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { freshAgent } from './helpers/funds-paid-fixture.js';
import { staffCall, staffLoginAs } from './helpers/staff-fixture.js';
import { depsOf } from './helpers/wechatpay-fixture.js';

const t = useTestApp();
const local = (app: TestApp) => app.providers.wechatTemplate as LocalTemplateProvider;

/** Every kind gets a template, so the local outbox sends (ADR 0037); saved through the console's operation. */
async function configureTemplates(app: TestApp) {
  const admin = await staffLoginAs(app, 'admin');
  const current = await staffCall(app, selectNotifyTemplates, {}, { staffToken: admin });
  if (current.body.objs.every((x: { templateId: string }) => x.templateId)) return;
  const templates = NOTIFY_KINDS.filter((k) => k !== 'announcement').map((kind) => ({
    kind,
    templateId: `TPL_${kind}`,
    fields: [
      { key: 'first', source: 'title' },
      { key: 'keyword1', source: 'amount' },
      { key: 'keyword2', source: 'reference' },
      { key: 'remark', source: 'body' },
    ],
  }));
  const saved = await staffCall(app, saveNotifyTemplates, { version: current.body.obj.version, templates }, { staffToken: admin });
  expect(saved.body.errorType).toBe('SUCCESS');
}

/** A fresh agent with a withdrawal of 200.00 waiting; `decide` pays or refuses it as finance. */
async function withdrawalOf() {
  const a = await freshAgent(t, { status: 1, incomeFen: 100_000 });
  await t.call(saveAccount, { bankDicId: 1, bankDicName: '中国银行', subBankName: '深圳分行', accountName: '王芳', accountNumber: '6217000011112222' }, { token: a.token });
  const acc = await t.db.kysely.selectFrom('collection_accounts').select('id').where('agent_id', '=', a.agentId).executeTakeFirstOrThrow();
  const w = await t.call(saveAgentWithdrawCashApply, { payPassword: '123456', bondMoney: '200', accountId: Number(acc.id) }, { token: a.token });
  expect(w.body.errorType).toBe('SUCCESS');
  const id = w.body.obj.id as number;
  const finance = await staffLoginAs(t, 'caiwu');
  const decide = async (approve: boolean) => {
    const r = await staffCall(t, reviewWithdrawal, approve ? { id, approve, payoutReference: 'BANK-NT-1' } : { id, approve, reason: '账户信息有误' }, { staffToken: finance });
    expect(r.body.errorType).toBe('SUCCESS');
  };
  return { ...a, withdrawalId: id, decide };
}

const messagesOf = (agentId: number) => t.db.kysely.selectFrom('notifications').selectAll().where('agent_id', '=', agentId).execute();
const outboxOf = (key: string) => t.db.kysely.selectFrom('notification_outbox').selectAll().where('event_key', '=', key).executeTakeFirstOrThrow();
const run = (deps = depsOf(t)) => sendNotifications(deps, t.clock.now());
/** The deps with another template provider (a failing or crashing WeChat). */
const withProvider = (provider: TemplateProvider) => {
  const base = depsOf(t);
  return { ...base, providers: { ...base.providers, wechatTemplate: provider } };
};

/** WeChat refusing one event's sends (others go through the local outbox). */
const failingFor = (key: string, code: string, retry: boolean): TemplateProvider => ({
  name: 'local',
  send: async (req, tokens) => (req.eventKey === key ? { ok: false, retry, code, message: 'refused' } : local(t).send(req, tokens)),
});

describe('notifications: the transactional outbox (ADR 0037)', () => {
  it('a paid withdrawal gives one in-app message and one template message, even with two job runs at once', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    await a.decide(true);
    const key = `withdrawal:${a.withdrawalId}:paid`;
    const messages = await messagesOf(a.agentId);
    expect(messages).toEqual([expect.objectContaining({ kind: 'withdrawal', title: '提现已打款', link: '/totalTxRecord?tab=1', read_at: null })]);
    expect(messages[0]!.body).toContain('200.00元');
    expect(messages[0]!.body).toContain('BANK-NT-1');

    await Promise.all([run(), run(), run()]);
    const sent = local(t).of(key);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ openId: a.openId, templateId: 'TPL_withdrawal', data: { first: '提现已打款', keyword1: '200.00元', keyword2: 'BANK-NT-1' } });
    expect(sent[0]!.url.endsWith('/totalTxRecord?tab=1')).toBe(true);
    expect(await outboxOf(key)).toMatchObject({ state: 'sent', attempts: 1, leased_until: null });
    await run();
    expect(local(t).of(key)).toHaveLength(1);
  });

  it('a refused withdrawal says why; writing the same event again stays one message', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    await a.decide(false);
    const messages = await messagesOf(a.agentId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '提现被驳回' });
    expect(messages[0]!.body).toContain('账户信息有误');
    const { notify } = await import('../src/modules/notification/notification.queries.js');
    await t.db.kysely.transaction().execute((trx) =>
      notify(trx, { platId: t.config.platId, agentId: a.agentId, key: `withdrawal:${a.withdrawalId}:rejected`, kind: 'withdrawal', title: 'x', body: 'y', link: '/', at: t.clock.now().toISOString() }),
    );
    expect(await messagesOf(a.agentId)).toHaveLength(1);
    expect(await t.db.kysely.selectFrom('notification_outbox').select('id').where('agent_id', '=', a.agentId).execute()).toHaveLength(1);
  });

  it('a run that dies between the send and the mark: sent again after the lease with the same key, delivered once', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    await a.decide(true);
    const key = `withdrawal:${a.withdrawalId}:paid`;
    const real = local(t);
    const crashing: TemplateProvider = {
      name: 'local',
      async send(req, tokens) {
        const sent = await real.send(req, tokens);
        if (req.eventKey === key) throw new Error('process killed after sending');
        return sent;
      },
    };
    await expect(run(withProvider(crashing))).rejects.toThrow('process killed');
    expect(real.of(key)).toHaveLength(1);
    expect(await outboxOf(key)).toMatchObject({ state: 'pending', lease_token: expect.any(String) });
    // ADR 0043: WeChat itself would show a re-send; it happens at most once, so the provider is asked exactly once more.
    const asked: string[] = [];
    const counting: TemplateProvider = {
      name: 'local',
      async send(req, tokens) {
        if (req.eventKey === key) asked.push(req.eventKey);
        return real.send(req, tokens);
      },
    };
    // Another process while the lease lives: leaves it alone.
    await run(withProvider(counting));
    expect((await outboxOf(key)).state).toBe('pending');
    expect(asked).toHaveLength(0);
    t.clock.advance(LEASE_MS + 1000);
    await Promise.all([run(withProvider(counting)), run(withProvider(counting))]);
    await run(withProvider(counting));
    expect(await outboxOf(key)).toMatchObject({ state: 'sent' });
    expect(asked).toHaveLength(1);
    expect(real.of(key)).toHaveLength(1);
  });

  it('failures wait 1 min, 5 min, 30 min, 2 h, 6 h, then become a dead letter; admin queues it again', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    await a.decide(true);
    const key = `withdrawal:${a.withdrawalId}:paid`;
    const deps = withProvider(failingFor(key, '-1', true));
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      await run(deps);
      const row = await outboxOf(key);
      expect(row).toMatchObject({ state: 'pending', attempts: attempt });
      expect(Date.parse(row.next_at) - t.clock.now().getTime()).toBe(BACKOFF_MS[attempt - 1]);
      // Not due a second before the back-off ends.
      t.clock.advance(BACKOFF_MS[attempt - 1]! - 1000);
      await run(deps);
      expect((await outboxOf(key)).attempts).toBe(attempt);
      t.clock.advance(1000);
    }
    await run(deps);
    expect(await outboxOf(key)).toMatchObject({ state: 'dead', attempts: MAX_ATTEMPTS });
    expect(local(t).of(key)).toHaveLength(0);

    const admin = await staffLoginAs(t, 'admin');
    const dead = await staffCall(t, selectDeadLetters, {}, { staffToken: admin });
    const row = dead.body.objs.find((d: { agentId: number }) => d.agentId === a.agentId);
    expect(row).toMatchObject({ kindText: '提现', title: '提现已打款', attempts: MAX_ATTEMPTS });
    const finance = await staffLoginAs(t, 'caiwu');
    expect((await staffCall(t, retryDeadLetter, { id: row.id }, { staffToken: finance })).body.errorType).toBe('FORBIDDEN');
    const [r1, r2] = await Promise.all([
      staffCall(t, retryDeadLetter, { id: row.id }, { staffToken: admin }),
      staffCall(t, retryDeadLetter, { id: row.id }, { staffToken: admin }),
    ]);
    expect([r1.body.errorType, r2.body.errorType].sort()).toEqual(['SUCCESS', 'VALIDATION']);
    expect([r1.body.msg, r2.body.msg]).toContain('该消息已不在失败列表中，请刷新后重试');
    await run();
    expect(await outboxOf(key)).toMatchObject({ state: 'sent' });
    expect(local(t).of(key)).toHaveLength(1);
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'retryDeadLetter').where('target_id', '=', row.id).execute();
    expect(audit).toHaveLength(1);
  });

  it('43004 (the agent left the official account) is not retried', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    await a.decide(true);
    await run(withProvider(failingFor(`withdrawal:${a.withdrawalId}:paid`, '43004', false)));
    expect(await outboxOf(`withdrawal:${a.withdrawalId}:paid`)).toMatchObject({ state: 'dead', attempts: 1, last_error: expect.stringContaining('43004') });
  });

  it('an agent who switched WeChat off for a kind keeps the in-app message only', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    const prefs = await t.call(selectMyNotifyPrefs, {}, { token: a.token });
    expect(prefs.body.obj.wechatBound).toBe(true);
    expect(prefs.body.objs.find((p: { kind: string }) => p.kind === 'withdrawal')).toEqual({ kind: 'withdrawal', kindText: '提现', wechatOn: true });
    expect((await t.call(saveMyNotifyPref, { kind: 'withdrawal', wechatOn: false }, { token: a.token })).body.errorType).toBe('SUCCESS');
    expect((await t.call(saveMyNotifyPref, { kind: 'nope', wechatOn: false }, { token: a.token })).body.msg).toBe('消息类型有误，请刷新后重试');
    await a.decide(true);
    await run();
    const key = `withdrawal:${a.withdrawalId}:paid`;
    expect(local(t).of(key)).toHaveLength(0);
    expect(await outboxOf(key)).toMatchObject({ state: 'skipped', last_error: '代理商已关闭该类微信通知' });
    expect(await messagesOf(a.agentId)).toHaveLength(1);
  });
});

describe('the message centre (ADR 0037)', () => {
  it('the bell counts, the list groups by tab, read and read-all; another agent cannot read or mark mine', async () => {
    const a = await withdrawalOf();
    await a.decide(true);
    const other = await freshAgent(t, { status: 1 });
    expect((await t.call(countMyUnread, {}, { token: a.token })).body.obj.unread).toBe(1);
    expect((await t.call(countMyUnread, {}, { token: other.token })).body.obj.unread).toBe(0);
    const list = await t.call(selectMyMessages, { group: 'funds' }, { token: a.token });
    expect(list.body.objs).toEqual([expect.objectContaining({ kind: 'withdrawal', group: 'funds', read: false, link: '/totalTxRecord?tab=1' })]);
    expect(list.body.obj.unread).toMatchObject({ all: 1, funds: 1, orders: 0 });
    expect((await t.call(selectMyMessages, { group: 'orders' }, { token: a.token })).body.objs).toEqual([]);
    expect((await t.call(selectMyMessages, { group: 'x' }, { token: a.token })).body.msg).toBe('消息分类有误，请重新选择');
    const id = list.body.objs[0].id as number;

    const theirs = await t.call(readMyMessage, { id }, { token: other.token });
    expect(theirs.body.msg).toBe('消息不存在，请刷新后重试');
    expect((await t.call(selectMyMessages, {}, { token: other.token })).body.objs).toEqual([]);
    expect((await t.call(readAllMyMessages, {}, { token: other.token })).body.obj.count).toBe(0);
    expect((await t.call(countMyUnread, {}, { token: a.token })).body.obj.unread).toBe(1);

    const read = await t.call(readMyMessage, { id }, { token: a.token });
    expect(read.body.obj).toEqual({ id, link: '/totalTxRecord?tab=1' });
    expect((await t.call(countMyUnread, {}, { token: a.token })).body.obj.unread).toBe(0);
    expect((await t.call(countMyUnread, {})).status).not.toBe(200);
  });

  it('an announcement to one grade reaches only its agents (in-app), audited; operators may send, finance not', async () => {
    const grades = await t.db.kysely.selectFrom('grades').select(['id']).where('plat_id', '=', t.config.platId).orderBy('grade_level').execute();
    const top = await freshAgent(t, { status: 1, gradeIndex: 2 });
    const low = await freshAgent(t, { status: 1, gradeIndex: 0 });
    const admin = await staffLoginAs(t, 'admin');
    const finance = await staffLoginAs(t, 'caiwu');
    const input = { title: '春节发货安排', body: '1月20日起暂停发货', gradeId: Number(grades[2]!.id) };
    expect((await staffCall(t, sendAnnouncement, input, { staffToken: finance })).body.errorType).toBe('FORBIDDEN');
    expect((await staffCall(t, sendAnnouncement, { ...input, title: '' }, { staffToken: admin })).body.msg).toBe('请输入公告标题');
    expect((await staffCall(t, sendAnnouncement, { ...input, gradeId: 999999 }, { staffToken: admin })).body.msg).toBe('等级不存在，请重新选择');
    const sent = await staffCall(t, sendAnnouncement, input, { staffToken: admin });
    expect(sent.body.errorType).toBe('SUCCESS');
    expect(sent.body.obj.count).toBeGreaterThanOrEqual(1);
    expect(await messagesOf(top.agentId)).toEqual([expect.objectContaining({ kind: 'announcement', title: '春节发货安排' })]);
    expect(await messagesOf(low.agentId)).toEqual([]);
    const notices = await t.call(selectMyMessages, { group: 'notice' }, { token: top.token });
    expect(notices.body.objs[0]).toMatchObject({ kindText: '平台公告', body: '1月20日起暂停发货' });
    const audit = await t.db.kysely.selectFrom('audit_logs').selectAll().where('operation', '=', 'sendAnnouncement').execute();
    expect(audit.at(-1)!.after_state).toContain('春节发货安排');
  });

  it('delivery counts per day for admins only', async () => {
    await configureTemplates(t);
    const a = await withdrawalOf();
    const admin = await staffLoginAs(t, 'admin');
    await run(); // what other tests left due is sent first: the difference below is this test's
    const before = await staffCall(t, selectDeliveryCounts, { days: 7 }, { staffToken: admin });
    expect(before.body.objs).toHaveLength(7);
    await a.decide(true);
    await run();
    const after = await staffCall(t, selectDeliveryCounts, { days: 7 }, { staffToken: admin });
    const today = (r: typeof after) => r.body.objs.at(-1);
    expect(today(after).sent - today(before).sent).toBe(1);
    expect(today(after).inApp - today(before).inApp).toBe(1);
    expect((await staffCall(t, selectDeliveryCounts, {}, { staffToken: await staffLoginAs(t, 'caiwu') })).body.errorType).toBe('FORBIDDEN');
  });

  it('the template settings: a stale save is refused and changes nothing', async () => {
    const admin = await staffLoginAs(t, 'admin');
    const current = await staffCall(t, selectNotifyTemplates, {}, { staffToken: admin });
    const v = current.body.obj.version as number;
    const one = [{ kind: 'orderShipped', templateId: 'TPL_SHIP_2', fields: [{ key: 'thing1', source: 'carrier' }] }];
    expect((await staffCall(t, saveNotifyTemplates, { version: v, templates: [{ ...one[0], fields: [{ key: 'bad key!', source: 'title' }] }] }, { staffToken: admin })).body.msg).toBe('模板字段名只能是字母、数字和下划线，不超过32位');
    const [r1, r2] = await Promise.all([
      staffCall(t, saveNotifyTemplates, { version: v, templates: one }, { staffToken: admin }),
      staffCall(t, saveNotifyTemplates, { version: v, templates: [{ ...one[0], templateId: 'TPL_SHIP_3' }] }, { staffToken: admin }),
    ]);
    expect([r1.body.errorType, r2.body.errorType].sort()).toEqual(['SUCCESS', 'VALIDATION']);
    const after = await staffCall(t, selectNotifyTemplates, {}, { staffToken: admin });
    expect(after.body.obj.version).toBe(v + 1);
    expect(['TPL_SHIP_2', 'TPL_SHIP_3']).toContain(after.body.objs.find((x: { kind: string }) => x.kind === 'orderShipped').templateId);
  });
});

