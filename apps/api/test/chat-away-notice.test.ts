import { afterEach, describe, expect, it } from 'vitest';
import { countMyUnread, selectMyMessages, staffLogin } from '@shop/contract';
import { sendNotifications } from '../src/jobs/send-notifications.js';
import { MINUTE } from '../src/lib/clock.js';
import type { LocalTemplateProvider } from '../src/providers/wechat-template/local-template.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';
import { depsOf } from './helpers/wechatpay-fixture.js';
import { agentSocket, isEvent, listening, messageWith, staffSocket, type ChatSocket } from './chat-socket.js';

/**
 * ADR 0043: a reply from customer service while the agent has no open chat socket in any process tells the agent once
 * (in-app and WeChat template) 客服回复了您的消息, linking to /im; no more until the agent opens the chat again or the
 * quiet period has passed.
 */
const t = useTestApp();
const open: ChatSocket[] = [];
const keep = (s: ChatSocket) => (open.push(s), s);
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function staff() {
  const reply = await staffCall(t, staffLogin, { username: 'kefu', password: STAFF_PASSWORD });
  return keep(await staffSocket(await listening(t.app), reply.body.staffToken as string));
}

const awayMessages = (agentId: number) =>
  t.db.kysely.selectFrom('notifications').selectAll().where('agent_id', '=', agentId).where('kind', '=', 'chat').orderBy('id').execute();

/** Waits until no process lists an open chat socket of the agent (the close is handled after the client's close). */
async function gone(agentId: number) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.db.kysely.selectFrom('chat_agent_presence').select('agent_id').where('agent_id', '=', agentId).execute();
    if (rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the agent still looks present');
}

/** The agent opens the chat once (this makes the conversation), says something, and leaves. */
async function agentVisits(agent: { id: number; token: string }, say: string) {
  const a = await agentSocket(await listening(t.app), agent.id, agent.token);
  const hello = await a.next(isEvent('sayHello'));
  a.send({ type: 'message', clientMsgId: `a-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, msgType: 0, content: say });
  await a.next(isEvent('ack'));
  await a.close();
  await gone(agent.id);
  return Number(hello.data.chatId);
}

let seq = 0;
async function reply(s: ChatSocket, chatId: number, content: string) {
  const clientMsgId = `s-${(seq += 1)}`;
  s.send({ type: 'reply', chatId, clientMsgId, msgType: 0, content });
  return s.next(isEvent('ack', (f) => f.clientMsgId === clientMsgId));
}

describe('a chat reply while the agent is away (ADR 0043)', () => {
  it('away: one in-app message and one template message; a second reply adds none', async () => {
    const template = { plat_id: t.config.platId, kind: 'chat', template_id: 'TPL_chat', fields_json: '[{"key":"first","source":"title"},{"key":"remark","source":"body"}]' };
    await t.db.kysely.insertInto('notification_templates').values(template).onConflict((oc) => oc.columns(['plat_id', 'kind']).doUpdateSet({ template_id: 'TPL_chat' })).execute();
    const agent = await newAgent(t, { name: '离开甲' });
    await t.db.kysely.updateTable('agents').set({ open_id: `o_away_${agent.id}` }).where('id', '=', agent.id).execute();
    const chatId = await agentVisits(agent, '请问什么时候发货？');
    const s = await staff();
    await reply(s, chatId, '今天下午发货');
    await reply(s, chatId, '发货后会通知您');

    const messages = await awayMessages(agent.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '客服回复了您的消息', body: '今天下午发货', link: '/im', event_key: `chat:${chatId}:away:1` });
    const list = await t.call(selectMyMessages, { group: 'service', phonePage: { pageSize: 10, pageNum: 1 } }, { token: agent.token });
    expect(list.body.objs.map((m: { title: string }) => m.title)).toEqual(['客服回复了您的消息']);
    expect((await t.call(countMyUnread, {}, { token: agent.token })).body.obj.unread).toBe(1);

    const outbox = await t.db.kysely.selectFrom('notification_outbox').selectAll().where('agent_id', '=', agent.id).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: 'chat', link: '/im' });
    await Promise.all([sendNotifications(depsOf(t), t.clock.now()), sendNotifications(depsOf(t), t.clock.now())]);
    await sendNotifications(depsOf(t), t.clock.now());
    const sent = (t.providers.wechatTemplate as LocalTemplateProvider).of(`chat:${chatId}:away:1`);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('客服回复了您的消息');
  });

  it('replies sent at once by two staff sockets still tell the away agent once', async () => {
    const agent = await newAgent(t);
    const chatId = await agentVisits(agent, '在吗');
    const [s1, s2] = [await staff(), await staff()];
    await Promise.all([reply(s1, chatId, '在的'), reply(s2, chatId, '您好'), reply(s1, chatId, '请说')]);
    expect(await awayMessages(agent.id)).toHaveLength(1);
  });

  it('the agent connected (an open socket): the reply arrives live and no message is written', async () => {
    const agent = await newAgent(t);
    const a = keep(await agentSocket(await listening(t.app), agent.id, agent.token));
    const hello = await a.next(isEvent('sayHello'));
    const s = await staff();
    await reply(s, Number(hello.data.chatId), '您好，我在');
    await a.next(messageWith('您好，我在'));
    expect(await awayMessages(agent.id)).toHaveLength(0);
  });

  it('a presence row of a process that stopped beating is ignored: the agent counts as away', async () => {
    const agent = await newAgent(t);
    const chatId = await agentVisits(agent, '你好');
    const stale = new Date(t.clock.now().getTime() - 2 * MINUTE).toISOString();
    await t.db.kysely.insertInto('chat_agent_presence').values({ instance_id: 'dead-process', agent_id: agent.id, plat_id: t.config.platId, sockets: 1, seen_at: stale }).execute();
    await reply(await staff(), chatId, '您好');
    expect(await awayMessages(agent.id)).toHaveLength(1);
  });

  it('after the agent opens the chat again and leaves, the next reply tells them again', async () => {
    const agent = await newAgent(t);
    const chatId = await agentVisits(agent, '第一次');
    const s = await staff();
    await reply(s, chatId, '回复一');
    expect(await awayMessages(agent.id)).toHaveLength(1);
    expect(await agentVisits(agent, '我看到了')).toBe(chatId);
    await reply(s, chatId, '回复二');
    await reply(s, chatId, '回复三');
    const messages = await awayMessages(agent.id);
    expect(messages.map((m) => m.event_key)).toEqual([`chat:${chatId}:away:1`, `chat:${chatId}:away:2`]);
    expect(messages[1]!.body).toBe('回复二');
  });

  it('without opening the chat, a reply after the quiet period tells them again, one before it does not', async () => {
    const agent = await newAgent(t);
    const chatId = await agentVisits(agent, '有人吗');
    const s = await staff();
    await reply(s, chatId, '有的');
    t.clock.advance(9 * MINUTE);
    await reply(s, chatId, '还在吗');
    expect(await awayMessages(agent.id)).toHaveLength(1);
    t.clock.advance(2 * MINUTE);
    await reply(s, chatId, '请回复');
    expect((await awayMessages(agent.id)).map((m) => m.body)).toEqual(['有的', '请回复']);
  });
});
