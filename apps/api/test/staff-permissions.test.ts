import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fenToYuan, operations, STAFF_ROLES, staffLogin, type StaffRole } from '@shop/contract';
import { registerOperations } from '../src/http/operation-routes.js';
import { allowedBeforeSecondFactor, mayCall, STAFF_OPERATION_ROLES, staleEntries, unlistedStaffOperations } from '../src/modules/staff/staff-permissions.js';
import { useTestApp, type TestApp } from './helpers/app.js';
import { orderInState, STAFF_PASSWORD, staffCall } from './helpers/staff-fixture.js';

const t = useTestApp();

/** A demo member of each role (seeded; README). */
const MEMBER: Record<StaffRole, string> = { admin: 'admin', finance: 'caiwu', warehouse: 'cangku', service: 'kefu', operator: 'yunying' };
const staffOps = operations.filter((op) => op.auth === 'staff');
/** Tables that change by reading or logging in (sessions, attempt counters, presence): not "the data". */
const NOT_DATA = new Set(['sessions', 'sms_codes', 'attempts', 'staff_sessions', 'chat_staff_presence']);

async function loginAs(app: TestApp, role: StaffRole): Promise<string> {
  const reply = await staffCall(app, staffLogin, { username: MEMBER[role], password: STAFF_PASSWORD });
  if (reply.body?.errorType !== 'SUCCESS') throw new Error(`login ${role}: ${reply.text}`);
  return reply.body.staffToken as string;
}

/** A checksum of every data table (all rows, in id order) and its row count: any write shows. */
async function snapshot(app: TestApp): Promise<Record<string, string>> {
  const tables = (await app.db.kysely.introspection.getTables()).map((tb) => tb.name).filter((n) => !NOT_DATA.has(n) && !n.startsWith('kysely_'));
  const out: Record<string, string> = {};
  for (const name of tables.sort()) {
    const rows = await app.db.kysely.selectFrom(name as any).selectAll().execute();
    const text = JSON.stringify(rows.map((r) => Object.entries(r as object).sort(([a], [b]) => a.localeCompare(b))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
    out[name] = `${rows.length}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  }
  return out;
}

/**
 * Payloads a permitted member's call would act on (real orders, agents, a new member), so a refusal that came too
 * late would show as a change. Operations not named here get `{}`: the table is checked before the input is read.
 */
async function realisticPayloads(app: TestApp): Promise<Record<string, Record<string, unknown>>> {
  const review = await orderInState(app, 2, { receipt: true });
  const toShip = await orderInState(app, 3);
  const agentId = await app.agentIdOf('13800000003');
  const parcels = [{ logisticsName: '顺丰速运', shipperCode: 'SF', waybillCode: 'SF1234567890' }];
  return {
    reviewOfflinePayment: { orderId: review.orderId, approve: true },
    shipOrder: { orderId: toShip.orderId, parcels },
    closeOrderByStaff: { orderId: review.orderId, reason: '权限测试' },
    adjustAgentBalance: { agentId, account: 'store', amount: '1.00', reason: '权限测试' },
    setAgentLoginEnabled: { agentId, enabled: false },
    resetAgentPassword: { agentId },
    changeAgentGrade: { agentId, gradeId: 1 },
    saveStaff: { username: 'permcheck', displayName: '权限测试', role: 'service', password: 'pass1234', enabled: true },
    freezeStore: { agentId, amount: '1.00', reason: '权限测试' },
    // ADR 0026: 13800000003 owes the deposit, so a waiver by a role that may not would show as a change.
    waiveAgentBondDue: { agentId, reason: '权限测试' },
    reactivateAgent: { agentId, reason: '权限测试' },
  };
}

describe('the permission table', () => {
  it('names only contract operations and sockets, and covers every staff operation', () => {
    const names = staffOps.map((op) => op.name);
    expect(staleEntries(names)).toEqual([]);
    expect(unlistedStaffOperations(names)).toEqual([]);
    for (const roles of Object.values(STAFF_OPERATION_ROLES)) for (const r of roles) expect(STAFF_ROLES).toContain(r);
  });

  it('refuses to start a server whose table forgets a staff operation', async () => {
    const table = STAFF_OPERATION_ROLES as Record<string, readonly StaffRole[]>;
    const name = staffOps.find((op) => op.name === 'saveStaff')!.name;
    const kept = table[name]!;
    delete table[name];
    try {
      const app = Fastify();
      const deps = { config: t.config, db: t.db, providers: t.providers, clock: t.clock, log: t.log };
      const resolver = { resolve: () => Promise.reject(new Error('unused')) };
      expect(() => registerOperations(app, deps, [], { sessions: resolver as any, staff: resolver as any, gate: { mayCall, allowedBeforeSecondFactor, unlisted: unlistedStaffOperations } })).toThrow(`staff operations missing from the permission table: ${name}`);
      await app.close();
    } finally {
      table[name] = kept;
    }
  });

  it('each role’s login answers exactly the operations the table gives it (the console’s menu)', async () => {
    for (const role of STAFF_ROLES) {
      const reply = await staffCall(t, staffLogin, { username: MEMBER[role], password: STAFF_PASSWORD });
      expect(reply.body.obj.role).toBe(role);
      expect([...reply.body.obj.operations].sort()).toEqual(Object.keys(STAFF_OPERATION_ROLES).filter((n) => mayCall(role, n)).sort());
    }
  });

  // Walks every operation with two snapshots of every table each: about 10 s on PostgreSQL alone, more under load.
  it('every staff operation × every role: a refused role gets FORBIDDEN and nothing changes; an allowed one is never refused', { timeout: 60_000 }, async () => {
    const payloads = await realisticPayloads(t);
    const tokens = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await loginAs(t, r)] as const))) as Record<StaffRole, string>;
    const refusedSomewhere = new Set<string>();
    for (const op of staffOps) {
      const payload = payloads[op.name] ?? {};
      const refused = STAFF_ROLES.filter((r) => !mayCall(r, op.name));
      const allowed = STAFF_ROLES.filter((r) => mayCall(r, op.name));
      expect(allowed, `${op.name}: nobody may call it`).not.toEqual([]);

      const before = await snapshot(t);
      for (const role of refused) {
        const reply = await staffCall(t, op, payload, { staffToken: tokens[role] });
        expect({ op: op.name, role, status: reply.status, errorType: reply.body?.errorType, msg: reply.body?.msg }).toEqual({
          op: op.name,
          role,
          status: 200,
          errorType: 'FORBIDDEN',
          msg: '无权执行此操作',
        });
        refusedSomewhere.add(op.name);
      }
      expect(await snapshot(t), `${op.name} refused but something changed`).toEqual(before);

      for (const role of allowed) {
        // Logging out ends the session it is called with: a session of its own.
        const staffToken = op.name === 'staffLogout' ? await loginAs(t, role) : tokens[role];
        const reply = await staffCall(t, op, payload, { staffToken });
        expect(reply.status, `${op.name} as ${role}: ${reply.text.slice(0, 200)}`).toBeLessThan(500);
        expect(reply.status, `${op.name} as ${role}`).not.toBe(401);
        expect(reply.body?.errorType, `${op.name} as ${role}: ${reply.body?.msg}`).not.toBe('FORBIDDEN');
      }
    }
    // The table is not "everyone everything": the money and staff operations are refused to someone.
    for (const name of ['reviewOfflinePayment', 'saveStaff', 'selectStaffList', 'adjustAgentBalance', 'selectAuditLog']) {
      if (staffOps.some((op) => op.name === name)) expect(refusedSomewhere).toContain(name);
    }
  });

  it('warehouse is refused every finance operation (withdrawals, top-ups, deposits, balances)', async () => {
    const token = await loginAs(t, 'warehouse');
    for (const name of ['selectPendingWithdrawals', 'reviewWithdrawal', 'selectPendingRecharges', 'reviewRecharge', 'selectPendingBonds', 'adjustAgentBalance', 'refundWechatPayment']) {
      const op = staffOps.find((o) => o.name === name);
      if (!op) continue;
      expect((await staffCall(t, op, {}, { staffToken: token })).body).toMatchObject({ errorType: 'FORBIDDEN', msg: '无权执行此操作' });
    }
  });

  it('least privilege (ADR 0025): who reads agents, their balances and ledger, and orders', async () => {
    const tokens = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await loginAs(t, r)] as const))) as Record<StaffRole, string>;
    const op = (name: string) => staffOps.find((o) => o.name === name)!;
    const agentId = await t.agentIdOf('13800000001');
    const row = await t.db.kysely.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
    const asRole = (role: StaffRole, name: string, payload: Record<string, unknown>) => staffCall(t, op(name), payload, { staffToken: tokens[role] });
    const refused = { errorType: 'FORBIDDEN', msg: '无权执行此操作' };

    // Warehouse: orders, parcels and stock; no agents, no money.
    for (const name of ['searchAgents', 'selectAgentDetail', 'selectAgentChanges', 'selectAgentInvitees', 'selectAgentOptions']) {
      expect((await asRole('warehouse', name, { agentId, account: 'store' })).body, `warehouse ${name}`).toMatchObject(refused);
    }
    expect((await asRole('warehouse', 'searchOrders', {})).body.errorType).toBe('SUCCESS');
    // Operator: catalog and content; agents only through the picker of the trace-code assignment, without money.
    for (const name of ['searchAgents', 'selectAgentDetail', 'selectAgentChanges', 'searchOrders', 'selectStaffOrderDetail']) {
      expect((await asRole('operator', name, { agentId, account: 'store', orderId: 1 })).body, `operator ${name}`).toMatchObject(refused);
    }
    const picked = await asRole('operator', 'selectAgentOptions', { keyword: '13800000001' });
    expect(picked.body.objs).toHaveLength(1);
    expect(Object.keys(picked.body.objs[0]).sort()).toEqual(['agentCode', 'agentId', 'agentName', 'gradeName', 'phone']);
    // Service: the profile, orders and network, balances summarised; no ledger.
    expect(Number(row.last_store)).toBeGreaterThan(0);
    const seen = await asRole('service', 'selectAgentDetail', { agentId });
    expect(seen.body.errorType).toBe('SUCCESS');
    expect(seen.body.obj.agent).toMatchObject({ agentId, lastStore: null, laveIncome: null, laveIntegral: null, bondMoney: null, frozenStore: null, applyIncome: null, frozenAward: null });
    expect(seen.body.obj.agent.hasBalance).toEqual({
      store: Number(row.last_store) !== 0,
      income: Number(row.lave_income) !== 0,
      integral: Number(row.lave_integral) !== 0,
      bond: Number(row.bond_money) !== 0,
      frozen: Number(row.frozen_store) !== 0,
    });
    const listed = await asRole('service', 'searchAgents', { keyword: '13800000001' });
    expect(listed.body.objs[0]).toMatchObject({ agentId, lastStore: null, laveIncome: null, laveIntegral: null, bondMoney: null, frozenStore: null });
    for (const account of ['store', 'income', 'integral']) {
      expect((await asRole('service', 'selectAgentChanges', { agentId, account })).body).toMatchObject(refused);
    }
    expect((await asRole('service', 'selectAgentInvitees', { agentId })).body.errorType).toBe('SUCCESS');
    // Finance and admin: the money, exact.
    for (const role of ['finance', 'admin'] as const) {
      const d = await asRole(role, 'selectAgentDetail', { agentId });
      expect(d.body.obj.agent).toMatchObject({ lastStore: fenToYuan(Number(row.last_store)), laveIncome: fenToYuan(Number(row.lave_income)), laveIntegral: Number(row.lave_integral) });
      expect((await asRole(role, 'selectAgentChanges', { agentId, account: 'store' })).body.errorType).toBe('SUCCESS');
    }
  });
});
