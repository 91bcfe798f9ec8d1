import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_CLOSE, CHAT_MESSAGES as M, selImChatBaseSet, selImChatHistory, staffLogin, uploadImgFile } from '@shop/contract';
import { DEMO_CHAT_SETTING } from '../src/db/seed/chat.js';
import { useTestApp } from './helpers/app.js';
import { newAgent } from './helpers/account-area-fixture.js';
import { staffCall, STAFF_PASSWORD } from './helpers/staff-fixture.js';
import { agentSocket, isEvent, listening, messageWith, staffSocket, type ChatSocket } from './chat-socket.js';

const t = useTestApp();
const open: ChatSocket[] = [];
const keep = (s: ChatSocket) => (open.push(s), s);
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function staffToken(username = 'kefu') {
  const reply = await staffCall(t, staffLogin, { username, password: STAFF_PASSWORD });
  if (reply.body?.errorType !== 'SUCCESS') throw new Error(`staff login ${username}: ${reply.text}`);
  return reply.body.staffToken as string;
}

async function uploadImage(token: string) {
  const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#36c' } }).png().toBuffer();
  return String((await t.upload(uploadImgFile, [{ name: 'a.png', data }], { token })).body.obj);
}

const png = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#c63' } }).png().toBuffer();

describe('customer-service chat over real WebSockets (spec 3 §4, §5)', () => {
  it('agent and service staff talk: greeting, text and images both ways, unread count, stored messages', async () => {
    const base = await listening(t.app);
    const staff = keep(await staffSocket(base, await staffToken()));
    const agent = await newAgent(t, { name: '聊天甲' });
    const a = keep(await agentSocket(base, agent.id, agent.token));
    const hello = await a.next(isEvent('sayHello'));
    expect(hello.data.greetings).toBe(DEMO_CHAT_SETTING.greetings);
    const settings = await t.call(selImChatBaseSet, {}, { token: agent.token });
    expect(settings.body.obj.greetings).toBe(DEMO_CHAT_SETTING.greetings);

    a.send({ type: 'message', clientMsgId: 'm-1', msgType: 0, content: '你好，请问发货时间？' });
    const ack = await a.next(isEvent('ack'));
    expect(ack.data).toMatchObject({ clientMsgId: 'm-1', sendType: 0, msgType: 0, cusId: agent.id });
    const seen = await staff.next(messageWith('你好，请问发货时间？'));
    expect(seen.data.chatId).toBe(hello.data.chatId);

    staff.send({ type: 'list' });
    const list = await staff.next(isEvent('conversations', (f) => f.data.some((c: any) => c.cusId === agent.id)));
    expect(list.data.find((c: any) => c.cusId === agent.id)).toMatchObject({ cusName: '聊天甲', unread: 1, lastContent: '你好，请问发货时间？' });

    staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 's-1', msgType: 0, content: '今天下午发货' });
    const answer = await a.next(messageWith('今天下午发货'));
    expect(answer.data).toMatchObject({ sendType: 1, msgType: 0, cusId: agent.id });

    // Images: the agent's own upload; staff send the file itself (upload rules on the server).
    const url = await uploadImage(agent.token);
    a.send({ type: 'message', clientMsgId: 'm-2', msgType: 1, picUrl: url });
    const pic = await staff.next(isEvent('message', (f) => f.data.msgType === 1 && f.data.sendType === 0));
    const read = await t.app.inject({ method: 'GET', url: pic.data.picUrl });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 's-2', msgType: 1, imageBase64: (await png()).toString('base64') });
    const staffPic = await a.next(isEvent('message', (f) => f.data.msgType === 1 && f.data.sendType === 1));
    expect((await t.app.inject({ method: 'GET', url: staffPic.data.picUrl })).statusCode).toBe(200);

    staff.send({ type: 'list' });
    const after = await staff.next(isEvent('conversations', (f) => f.data.some((c: any) => c.cusId === agent.id)));
    expect(after.data.find((c: any) => c.cusId === agent.id).unread).toBe(0);

    const history = await t.call(selImChatHistory, {}, { token: agent.token });
    expect(history.body.objs.map((m: any) => m.clientMsgId)).toEqual(['m-1', 's-1', 'm-2', 's-2']);
  });

  it("refuses bad input with the spec's messages, and says when no service is online", async () => {
    const base = await listening(t.app);
    const agent = await newAgent(t);
    const a = keep(await agentSocket(base, agent.id, agent.token));
    await a.next(isEvent('sayHello'));
    expect((await a.next(isEvent('noServiceOnline'))).msg).toBe(M.noServiceOnline);
    a.send({ type: 'message', clientMsgId: 'e-1', msgType: 0, content: '   ' });
    expect((await a.next(isEvent('error'))).msg).toBe('请输入发送内容');
    a.send({ type: 'message', clientMsgId: 'e-2', msgType: 0, content: '好'.repeat(1001) });
    expect((await a.next(isEvent('error'))).msg).toBe(M.tooLong);
    a.send({ type: 'message', clientMsgId: 'e-3', msgType: 0, content: '好'.repeat(1000) });
    expect((await a.next(isEvent('ack'))).data.content).toHaveLength(1000);
    // Another agent's upload (or any other link) is not an image of this chat.
    const other = await newAgent(t);
    a.send({ type: 'message', clientMsgId: 'e-4', msgType: 1, picUrl: await uploadImage(other.token) });
    expect((await a.next(isEvent('error'))).msg).toBe(M.badImage);
  });

  it('refuses a path agentId that is not the session’s, a missing token, and staff without the service role', async () => {
    const base = await listening(t.app);
    const me = await newAgent(t);
    const victim = await newAgent(t);
    const forged = await agentSocket(base, me.id, me.token, victim.id);
    expect((await forged.next(isEvent('error'))).msg).toBe(M.refused);
    expect(await forged.closed).toBe(CHAT_CLOSE.forbidden);
    expect(forged.frames.some((f) => f.event === 'sayHello')).toBe(false);

    const anonymous = await agentSocket(base, me.id, 'not-a-token');
    expect(await anonymous.closed).toBe(CHAT_CLOSE.unauthenticated);

    const finance = await staffSocket(base, await staffToken('caiwu'));
    expect(await finance.closed).toBe(CHAT_CLOSE.forbidden);
    const agentAsStaff = await staffSocket(base, me.token);
    expect(await agentAsStaff.closed).toBe(CHAT_CLOSE.unauthenticated);
  });

  it('a resend with the same client id after a reconnect is stored and delivered once', async () => {
    const base = await listening(t.app);
    const staff = keep(await staffSocket(base, await staffToken()));
    const agent = await newAgent(t);
    const first = await agentSocket(base, agent.id, agent.token);
    await first.next(isEvent('sayHello'));
    first.send({ type: 'message', clientMsgId: 'dup-1', msgType: 0, content: '只发一次' });
    const stored = await first.next(isEvent('ack'));
    await first.close();

    const again = keep(await agentSocket(base, agent.id, agent.token));
    await again.next(isEvent('sayHello'));
    again.send({ type: 'message', clientMsgId: 'dup-1', msgType: 0, content: '只发一次' });
    expect((await again.next(isEvent('ack'))).data.id).toBe(stored.data.id);
    again.send({ type: 'message', clientMsgId: 'dup-2', msgType: 0, content: '第二条' });
    await staff.next(messageWith('第二条'));

    const rows = await t.db.kysely.selectFrom('chat_messages').select('id').where('agent_id', '=', agent.id).where('client_msg_id', '=', 'dup-1').execute();
    expect(rows).toHaveLength(1);
    expect(staff.frames.filter(messageWith('只发一次'))).toHaveLength(1);
  });

  it('two agents never see each other’s messages or history; history pages back 20 at a time', async () => {
    const base = await listening(t.app);
    const staff = keep(await staffSocket(base, await staffToken()));
    const one = await newAgent(t);
    const two = await newAgent(t);
    const a = keep(await agentSocket(base, one.id, one.token));
    const b = keep(await agentSocket(base, two.id, two.token));
    const chatA = (await a.next(isEvent('sayHello'))).data.chatId;
    await b.next(isEvent('sayHello'));
    for (let i = 1; i <= 25; i++) a.send({ type: 'message', clientMsgId: `p-${i}`, msgType: 0, content: `甲的第${i}条` });
    await staff.next(messageWith('甲的第25条'));
    staff.send({ type: 'reply', chatId: chatA, clientMsgId: 'r-a', msgType: 0, content: '只回甲' });
    await a.next(messageWith('只回甲'));
    b.send({ type: 'message', clientMsgId: 'p-1', msgType: 0, content: '乙的消息' });
    await b.next(isEvent('ack'));
    await staff.next(messageWith('乙的消息'));

    expect(b.frames.some((f) => f.event === 'message' && f.data.cusId !== two.id)).toBe(false);
    expect(a.frames.some((f) => f.event === 'message' && f.data.cusId !== one.id)).toBe(false);

    const page1 = await t.call(selImChatHistory, {}, { token: one.token });
    expect(page1.body.objs).toHaveLength(20);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.objs.at(-1).content).toBe('只回甲');
    const page2 = await t.call(selImChatHistory, { beforeId: page1.body.objs[0].id }, { token: one.token });
    expect(page2.body.objs.map((m: any) => m.content)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `甲的第${i}条`));
    expect(page2.body.hasMore).toBe(false);

    const historyB = await t.call(selImChatHistory, {}, { token: two.token });
    expect(historyB.body.objs.map((m: any) => m.content)).toEqual(['乙的消息']);
    // A beforeId taken from the other agent's history still answers only one's own messages.
    const probe = await t.call(selImChatHistory, { beforeId: page1.body.objs.at(-1).id + 1 }, { token: two.token });
    expect(probe.body.objs.every((m: any) => m.cusId === two.id)).toBe(true);
  });

  it('staff close the conversation: the agent is told, sending is blocked, a reconnect opens a new one', async () => {
    const base = await listening(t.app);
    const staff = keep(await staffSocket(base, await staffToken('admin')));
    const agent = await newAgent(t);
    const a = keep(await agentSocket(base, agent.id, agent.token));
    const chatId = (await a.next(isEvent('sayHello'))).data.chatId;
    staff.send({ type: 'close', chatId });
    expect((await a.next(isEvent('close'))).chatId).toBe(chatId);
    a.send({ type: 'message', clientMsgId: 'c-1', msgType: 0, content: '还在吗' });
    expect((await a.next(isEvent('error'))).msg).toBe(M.closed);
    staff.send({ type: 'reply', chatId, clientMsgId: 'c-2', msgType: 0, content: '迟到的回复' });
    expect((await staff.next(isEvent('error'))).msg).toBe(M.closed);

    const again = keep(await agentSocket(base, agent.id, agent.token));
    expect((await again.next(isEvent('sayHello'))).data.chatId).not.toBe(chatId);
  });
});
