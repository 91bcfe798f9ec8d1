import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLogin, staffLogin } from '@shop/contract';
import { sharedDatabase, type Instance, type SharedDatabase } from './helpers/processes.js';

/**
 * ADR 0040: the per-address request limits and the login lockouts are counted in the database, so two processes
 * behind one address (two app instances on one database, each with its own memory) share one count. On SQLite the two
 * instances share one database file.
 */
let shared: SharedDatabase;
let A: Instance;
let B: Instance;

beforeAll(async () => {
  shared = await sharedDatabase();
  A = await shared.instance();
  B = await shared.instance();
}, 120_000);

afterAll(async () => {
  await shared?.close();
});

const SECOND = 1000;
let n = 0;
/** A phone nobody has: a failed login that locks no real account. */
const nobody = () => `1990000${String(++n).padStart(4, '0')}`;
const advanceBoth = (ms: number) => {
  A.clock.advance(ms);
  B.clock.advance(ms);
};

describe('per-address limits across processes (ADR 0040)', () => {
  it('20 logins a minute from one address, counted together however they are spread over the processes', { timeout: 60_000 }, async () => {
    const ip = '10.252.0.1';
    // 26 at once, alternating between the two processes: exactly 20 get through to the password check.
    const replies = await Promise.all(
      Array.from({ length: 26 }, (_, i) => (i % 2 ? A : B).post(newLogin.path, { suAccount: nobody(), suPassword: 'wrong-pass' }, {}, ip)),
    );
    const limited = replies.filter((r) => r.body?.errorType === 'RATE_LIMITED');
    expect(limited).toHaveLength(6);
    expect(replies.filter((r) => r.body?.errorType === 'LOGIN_FAILED')).toHaveLength(20);
    expect(limited[0]!.body.msg).toBe('操作过于频繁，请稍后再试');

    // Both processes refuse the next one, even with the right password; another address is not held back.
    for (const p of [A, B]) expect((await p.post(newLogin.path, { suAccount: '13800000001', suPassword: 'demo1234' }, {}, ip)).body.errorType).toBe('RATE_LIMITED');
    expect((await B.post(newLogin.path, { suAccount: '13800000001', suPassword: 'demo1234' }, {}, '10.252.0.2')).body.errorType).toBe('SUCCESS');
    // Another limited operation has its own count: staff login from the same address still answers.
    expect((await A.post(staffLogin.path, { username: 'kefu', password: 'staff1234' }, {}, ip)).body.errorType).toBe('SUCCESS');

    // The window is a minute: after it, the address may try again on either process.
    advanceBoth(61 * SECOND);
    expect((await A.post(newLogin.path, { suAccount: '13800000001', suPassword: 'demo1234' }, {}, ip)).body.errorType).toBe('SUCCESS');
  });

  it('an agent account locked by wrong passwords on one process is locked on the other', { timeout: 60_000 }, async () => {
    // 5 wrong passwords in parallel from five addresses over both processes (spec: 5 in 15 minutes lock for 15).
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => (i % 2 ? A : B).post(newLogin.path, { suAccount: '13800000004', suPassword: 'wrong-pass' }, {}, `10.252.1.${i + 1}`)),
    );
    for (const p of [A, B]) {
      const reply = await p.post(newLogin.path, { suAccount: '13800000004', suPassword: 'demo1234' }, {}, '10.252.1.9');
      expect(reply.body).toMatchObject({ errorType: 'LOGIN_LOCKED', msg: '登录失败次数过多，请15分钟后再试' });
    }
    advanceBoth(16 * 60 * SECOND);
    expect((await B.post(newLogin.path, { suAccount: '13800000004', suPassword: 'demo1234' }, {}, '10.252.1.10')).body.errorType).toBe('SUCCESS');
  });

  it('a staff account locked on one process is locked on the other', { timeout: 60_000 }, async () => {
    for (let i = 0; i < 5; i++) await (i % 2 ? A : B).post(staffLogin.path, { username: 'cangku', password: 'wrong-pass' }, {}, `10.252.2.${i + 1}`);
    for (const p of [A, B]) {
      expect((await p.post(staffLogin.path, { username: 'cangku', password: 'staff1234' }, {}, '10.252.2.9')).body.errorType).toBe('LOGIN_LOCKED');
    }
  });
});
