import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { selectStaffList, staffLogin } from '@shop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { sharedDatabase } from './helpers/processes.js';
import { staffCall } from './helpers/staff-fixture.js';

/**
 * ADR 0047: a production database seeds nothing; `npm run setup:admin` makes the platform's first admin, who then
 * makes everything else in the console. It is refused once any staff member exists, and the rules of 员工管理 hold.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function setup(args: string[], databaseUrl: string, password?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/setup-cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...(password === undefined ? {} : { SETUP_ADMIN_PASSWORD: password }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.once('exit', (code) => ok({ code, output }));
  });
}

async function emptyDatabase() {
  const db = await sharedDatabase();
  cleanups.push(() => db.close());
  return db.url;
}

async function appOn(url: string) {
  const t = await makeApp({ databaseUrl: url, seedDemo: false });
  cleanups.push(() => t.close());
  return t;
}

describe('the first admin of a production platform (npm run setup:admin)', () => {
  it('an empty database gets one admin who logs in to the console; a second run is refused and changes nothing', { timeout: 120_000 }, async () => {
    const url = await emptyDatabase();
    const weak = await setup(['boss', '王总'], url, 'onlyletters');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('密码须为8-64位，且同时包含字母和数字');

    const made = await setup(['boss', '王总'], url, 'Boss2026start');
    expect(made.code, made.output).toBe(0);
    expect(made.output).not.toContain('Boss2026start');

    const again = await setup(['second', '李四'], url, 'Second2026start');
    expect(again.code).toBe(1);
    expect(again.output).toContain('该平台已有员工账号');

    const t = await appOn(url);
    const login = await staffCall(t, staffLogin, { username: 'boss', password: 'Boss2026start' });
    expect(login.body.errorType).toBe('SUCCESS');
    const list = await staffCall(t, selectStaffList, { phonePage: { pageNum: 1, pageSize: 10 } }, { staffToken: login.body.staffToken as string });
    expect(list.body.objs.map((m: { username: string; role: string }) => `${m.username}/${m.role}`)).toEqual(['boss/admin']);
    // Production seeds nothing: no demo agent or staff came with the admin.
    expect((await staffCall(t, staffLogin, { username: 'admin', password: 'staff1234' })).body.errorType).not.toBe('SUCCESS');
    expect(await t.db.kysely.selectFrom('agents').select('id').executeTakeFirst()).toBeUndefined();
  });

  it('without SETUP_ADMIN_PASSWORD a strong password is generated and shown once; it logs in', { timeout: 120_000 }, async () => {
    const url = await emptyDatabase();
    const bad = await setup(['x', '某人'], url, 'Good2026pass');
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('账号须为3-32位');

    const made = await setup(['ops.lead', '运维负责人'], url);
    expect(made.code, made.output).toBe(0);
    const password = /初始密码（只显示这一次，请登录后立即修改）：(\S+)/.exec(made.output)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);

    const t = await appOn(url);
    const login = await staffCall(t, staffLogin, { username: 'ops.lead', password: password! });
    expect(login.body.errorType).toBe('SUCCESS');
  });
});
