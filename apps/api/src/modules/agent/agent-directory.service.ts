import { chinaTimeText, changeName, fenToYuan, STAFF_AGENT_MESSAGES as M, type AdjustableAccount } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { countChanges, pageChanges } from '../ledger/changes.repository.js';
import { countOrdersOfAgent, recentOrdersOfAgent } from '../order/order.queries.js';
import * as repo from './agent-directory.repository.js';

type Page = { pageSize: number; pageNum: number };
const listOf = <T>(objs: T[], page: Page, total: number) => ({
  objs,
  obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, total },
});
/** The inviter chain stops here even if the data loops (a chain longer than this is a data error). */
const MAX_CHAIN = 100;
const RECENT_ORDERS = 10;

/** How many agents the picker answers (selectAgentOptions): the first matches; type more to narrow. */
const OPTIONS_MAX = 20;

/**
 * An agent as the console lists it. `seesMoney` (the role holds `data:agent-money`, ADR 0025): exact balances;
 * otherwise the balances are null and only `hasBalance` says which are nonzero.
 */
function toRow(r: repo.StaffAgentRow, seesMoney: boolean) {
  const exact = <T>(v: T) => (seesMoney ? v : null);
  return {
    agentId: Number(r.id),
    agentName: r.agent_name,
    phone: r.phone,
    agentCode: r.agent_code,
    gradeId: Number(r.grade_id),
    gradeName: r.grade_name,
    agentStatus: Number(r.agent_status),
    isActive: Number(r.is_active) === 1,
    loginEnabled: !r.login_disabled_at,
    lastStore: exact(Number(r.last_store)),
    laveIncome: exact(Number(r.lave_income)),
    laveIntegral: exact(Number(r.lave_integral)),
    bondMoney: exact(Number(r.bond_money)),
    frozenStore: exact(Number(r.frozen_store)),
    hasBalance: {
      store: Number(r.last_store) !== 0,
      income: Number(r.lave_income) !== 0,
      integral: Number(r.lave_integral) !== 0,
      bond: Number(r.bond_money) !== 0,
      frozen: Number(r.frozen_store) !== 0,
    },
    inviterName: r.up_name ?? '',
    inviterPhone: r.up_phone ?? '',
    createdAt: chinaTimeText(r.created_at),
  };
}

const link = (r: { id: number; agent_name: string; phone: string; agent_code: string; grade_name: string }) => ({
  agentId: Number(r.id),
  agentName: r.agent_name,
  phone: r.phone,
  agentCode: r.agent_code,
  gradeName: r.grade_name,
});

/** Balances as text: yuan for money, whole points for points. */
export const unitsText = (account: AdjustableAccount, units: number) => (account === 'integral' ? String(units) : fenToYuan(units));

/** The staff console's reads of agents (ADR 0020), scoped to the staff member's platform. */
export function createAgentStaffService({ db }: Deps) {
  const k = db.kysely;

  async function agentOf(platId: string, agentId: number) {
    const row = await repo.agentDetail(k, platId, agentId);
    if (!row) throw new AppError('RECORD_NOT_FOUND', M.agentNotFound);
    return row;
  }

  return {
    async search(platId: string, input: repo.AgentFilters & { phonePage: Page }, seesMoney: boolean) {
      const page = input.phonePage;
      const total = await repo.countAgents(k, platId, input);
      const rows = total ? await repo.pageAgents(k, platId, input, page.pageSize, (page.pageNum - 1) * page.pageSize) : [];
      return listOf(rows.map((r) => toRow(r, seesMoney)), page, total);
    },

    async options(platId: string, keyword: string | null | undefined) {
      const rows = await repo.pageAgents(k, platId, { keyword }, OPTIONS_MAX, 0);
      return { objs: rows.map(link) };
    },

    async grades(platId: string) {
      const rows = await repo.gradesOfPlatform(k, platId);
      return { objs: rows.map((g) => ({ id: Number(g.id), gradeName: g.grade_name, gradeLevel: Number(g.grade_level) })) };
    },

    async detail(platId: string, agentId: number, seesMoney: boolean) {
      const a = await agentOf(platId, agentId);
      const chain: ReturnType<typeof link>[] = [];
      const seen = new Set([agentId]);
      let next = a.inviter_id === null ? null : Number(a.inviter_id);
      while (next !== null && !seen.has(next) && chain.length < MAX_CHAIN) {
        seen.add(next);
        const [up] = await repo.linksOf(k, platId, [next]);
        if (!up) break;
        chain.push(link(up));
        next = up.inviter_id === null ? null : Number(up.inviter_id);
      }
      const [orders, recent, invitees] = await Promise.all([
        countOrdersOfAgent(k, platId, agentId),
        recentOrdersOfAgent(k, platId, agentId, RECENT_ORDERS),
        repo.inviteeCounts(k, platId, [agentId]),
      ]);
      return {
        obj: {
          agent: {
            ...toRow(a, seesMoney),
            wxNumber: a.wx_number,
            sex: Number(a.sex),
            birthDate: a.birth_date,
            needBond: Number(a.is_need_bond_status) === 1,
            loginDisabledAt: a.login_disabled_at ? chinaTimeText(a.login_disabled_at) : null,
            bondWaivedAt: a.bond_waived_at ? chinaTimeText(a.bond_waived_at) : null,
            deactivatedAt: a.deactivated_at ? chinaTimeText(a.deactivated_at) : null,
            applyIncome: seesMoney ? Number(a.apply_income) : null,
            frozenAward: seesMoney ? Number(a.frozen_award) : null,
          },
          counts: { orders, invitees: invitees.get(agentId) ?? 0 },
          recentOrders: recent.map((o) => ({
            id: Number(o.id),
            orderCode: o.order_code,
            circulationState: Number(o.circulation_state),
            actualMoney: Number(o.actual_money),
            createdAt: chinaTimeText(o.created_at),
          })),
          inviterChain: chain,
        },
      };
    },

    async changes(platId: string, input: { agentId: number; account: AdjustableAccount; phonePage: Page }) {
      await agentOf(platId, input.agentId);
      const page = input.phonePage;
      const total = await countChanges(k, platId, input.agentId, input.account);
      const rows = total ? await pageChanges(k, platId, input.agentId, input.account, page.pageSize, (page.pageNum - 1) * page.pageSize) : [];
      const objs = rows.map((r) => ({
        id: Number(r.id),
        changeState: Number(r.change_state),
        changeName: changeName(input.account, Number(r.change_state)),
        amount: unitsText(input.account, Number(r.amount)),
        balanceAfter: unitsText(input.account, Number(r.balance_after)),
        orderCode: r.order_code ?? '',
        remark: r.remark,
        createdAt: chinaTimeText(r.created_at),
      }));
      return listOf(objs, page, total);
    },

    async invitees(platId: string, agentId: number) {
      await agentOf(platId, agentId);
      const rows = await repo.inviteesOf(k, platId, agentId);
      const counts = await repo.inviteeCounts(k, platId, rows.map((r) => Number(r.id)));
      return { objs: rows.map((r) => ({ ...link(r), invitees: counts.get(Number(r.id)) ?? 0 })) };
    },
  };
}
export type AgentStaffService = ReturnType<typeof createAgentStaffService>;
