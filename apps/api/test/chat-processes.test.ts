import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { newLogin, staffLogin } from '@shop/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import type { Db } from '../src/db/connect.js';
import { createProviders } from '../src/providers/index.js';
import { TEST_START, testClock } from './helpers/app.js';
import { createLogger } from '../src/lib/logger.js';
import { testDbKind } from './helpers/postgres-availability.js';
import { agentSocket, isEvent, listening, messageWith, staffSocket, type ChatSocket } from './chat-socket.js';

/**
 * ARCHITECTURE Realtime: several server processes behind one address share conversations. On PostgreSQL two app
 * instances on one database, each with its own pool and LISTEN client, stand for two processes: nothing is shared
 * between them but the database. On SQLite (one process by design) A and B are the same instance.
 */
const onPostgres = testDbKind() === 'postgres';
let dropDatabase = async () => {};
let url = 'sqlite::memory:';
const servers: { app: FastifyInstance; db: Db }[] = [];

async function server(): Promise<{ app: FastifyInstance; db: Db }> {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: join(import.meta.dirname, 'no-web-dist'), UPLOAD_DIR: join(tmpdir(), 'shop-test-uploads') });
  const db = await openDatabase(url, { seedDemo: true, platId: config.platId, now: TEST_START });
  const app = await buildApp({ config, db, providers: createProviders(config, {}), clock: testClock(), log: createLogger({ enabled: false }) });
  await app.ready();
  servers.push({ app, db });
  return { app, db };
}

beforeAll(async () => {
  if (!onPostgres) return;
  const admin = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  url = u.toString();
  dropDatabase = async () => {
    for (let i = 0; ; i++) {
      try {
        return await run(`DROP DATABASE IF EXISTS ${name}`);
      } catch (err) {
        if (i >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
});

afterAll(async () => {
  for (const s of servers.splice(0)) {
    await s.app.close();
    await s.db.close();
  }
  await dropDatabase();
});

async function post(app: FastifyInstance, path: string, payload: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ platId: 'plat-demo', in: JSON.stringify(payload) }).toString(),
  });
  return res.json();
}

describe('chat across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('an agent on process A and service staff on process B talk, live, both ways', async () => {
    const A = await server();
    const B = onPostgres ? await server() : A;
    expect(B.app === A.app).toBe(!onPostgres);

    const login = await post(A.app, newLogin.path, { suAccount: '13800000001', suPassword: 'demo1234' });
    const agentId = Number(login.obj.agentId);
    const staffLoginReply = await post(B.app, staffLogin.path, { username: 'kefu', password: 'staff1234' });
    const sockets: ChatSocket[] = [];
    try {
      const staff = await staffSocket(await listening(B.app), staffLoginReply.staffToken);
      sockets.push(staff);
      const agent = await agentSocket(await listening(A.app), agentId, login.accessToken);
      sockets.push(agent);
      const hello = await agent.next(isEvent('sayHello'));
      // B's staff is online for A too: presence lives in the database.
      await new Promise((r) => setTimeout(r, 100));
      expect(agent.frames.some((f) => f.event === 'noServiceOnline')).toBe(false);

      agent.send({ type: 'message', clientMsgId: 'x-1', msgType: 0, content: '我在A进程' });
      expect((await staff.next(messageWith('我在A进程'))).data.chatId).toBe(hello.data.chatId);
      staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 'y-1', msgType: 0, content: '客服在B进程' });
      expect((await agent.next(messageWith('客服在B进程'))).data.sendType).toBe(1);
      staff.send({ type: 'close', chatId: hello.data.chatId });
      expect((await agent.next(isEvent('close'))).chatId).toBe(hello.data.chatId);
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
    }
  });
  it('presence crosses processes: an agent in the chat on A gets no away message for a reply on B; after leaving, one (ADR 0043)', async () => {
    const A = await server();
    const B = onPostgres ? await server() : A;
    const login = await post(A.app, newLogin.path, { suAccount: '13800000001', suPassword: 'demo1234' });
    const agentId = Number(login.obj.agentId);
    const staffLoginReply = await post(B.app, staffLogin.path, { username: 'kefu', password: 'staff1234' });
    const away = () => A.db.kysely.selectFrom('notifications').select('event_key').where('agent_id', '=', agentId).where('kind', '=', 'chat').execute();
    const before = (await away()).length;
    const staff = await staffSocket(await listening(B.app), staffLoginReply.staffToken);
    try {
      const agent = await agentSocket(await listening(A.app), agentId, login.accessToken);
      const hello = await agent.next(isEvent('sayHello'));
      staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 'p-1', msgType: 0, content: '您在A进程' });
      await agent.next(messageWith('您在A进程'));
      expect(await away()).toHaveLength(before);
      await agent.close();
      for (let i = 0; i < 100 && (await A.db.kysely.selectFrom('chat_agent_presence').select('agent_id').where('agent_id', '=', agentId).execute()).length > 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      staff.send({ type: 'reply', chatId: hello.data.chatId, clientMsgId: 'p-2', msgType: 0, content: '您离开了' });
      await staff.next(isEvent('ack', (f) => f.clientMsgId === 'p-2'));
      expect(await away()).toHaveLength(before + 1);
    } finally {
      await staff.close();
    }
  });
});
