import { chinaTimeText, fenToYuan, STAFF_AGENT_MESSAGES, type AgentRecordKind, type AgentRecordRow } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { agentOfPlatform } from '../agent/agent.queries.js';
import { bondsOfAgent } from '../bond/bond.queries.js';
import { accountsOfAgent, frozenOfAgent, withdrawalsOfAgent } from '../funds/funds.queries.js';
import { rechargesOfAgent } from '../upgrade/upgrade.queries.js';

const REVIEW = { '-1': '待支付', 0: '待审核', 1: '已通过', 2: '已驳回', 3: '已取消' } as Record<string, string>;
const WITHDRAW = { 0: '待打款', 1: '已打款', 2: '已驳回' } as Record<string, string>;
/** spec 3 §7 / §8 pay types of top-ups and deposits (RECHARGE_PAY_TYPE, BOND_PAY_TYPE). */
const PAY = { 1: '线下转账', 2: '微信支付', 3: '总分支付' } as Record<string, string>;
const CLASSIFY = { 1: '银行卡', 2: '微信', 3: '支付宝' } as Record<string, string>;
const when = (t: string | null) => (t ? chinaTimeText(t) : '');
const yuan = (fen: number) => fenToYuan(Number(fen));
const receiving = (r: { receive_bank_name: string; receive_sub_bank_name: string; receive_account_name: string; receive_account_number: string }) =>
  [r.receive_bank_name, r.receive_sub_bank_name, r.receive_account_name, r.receive_account_number].filter(Boolean).join(' ');

type Page = { pageNum: number; pageSize: number };

/** The agent detail's money tabs (ADR 0033): each kind read through its module's face, as one row shape. */
export function createAgentMoneyRecords({ db }: Deps) {
  const k = db.kysely;

  async function rowsOf(platId: string, agentId: number, kind: AgentRecordKind, limit: number, offset: number): Promise<{ rows: AgentRecordRow[]; total: number }> {
    if (kind === 'recharges') {
      const { rows, total } = await rechargesOfAgent(k, platId, agentId, limit, offset);
      return {
        total,
        rows: rows.map((r) => ({
          id: Number(r.id),
          code: r.recharge_code,
          createdAt: when(r.created_at),
          typeText: Number(r.grade_up_type) === 1 ? '首充' : '升级',
          amount: yuan(r.recharge_money),
          fee: '',
          stateText: REVIEW[String(r.check_state)] ?? String(r.check_state),
          decidedAt: when(r.checked_at),
          reason: r.check_remark || r.remark,
          account: [PAY[String(r.pay_type)] ?? '', r.remit_account_name ? `付款：${r.remit_account_name} ${r.remit_account_number}` : ''].filter(Boolean).join('，'),
          reference: r.pay_serial ?? '',
        })),
      };
    }
    if (kind === 'withdrawals') {
      const { rows, total } = await withdrawalsOfAgent(k, platId, agentId, limit, offset);
      return {
        total,
        rows: rows.map((r) => ({
          id: Number(r.id),
          code: r.withdraw_code,
          createdAt: when(r.created_at),
          typeText: '提现',
          amount: yuan(r.amount),
          fee: yuan(r.fee),
          stateText: WITHDRAW[String(r.check_state)] ?? String(r.check_state),
          decidedAt: when(r.checked_at),
          reason: r.check_remark,
          account: receiving(r),
          reference: r.payout_reference,
        })),
      };
    }
    if (kind === 'bonds') {
      const { rows, total } = await bondsOfAgent(k, platId, agentId, limit, offset);
      return {
        total,
        rows: rows.map((x) =>
          x.kind === 'pay'
            ? {
                id: Number(x.row.id),
                code: x.row.bond_code,
                createdAt: when(x.row.created_at),
                typeText: '缴纳',
                amount: yuan(x.row.bond_money),
                fee: '',
                stateText: REVIEW[String(x.row.check_state)] ?? String(x.row.check_state),
                decidedAt: when(x.row.checked_at),
                reason: x.row.check_remark || x.row.remark,
                account: PAY[String(x.row.pay_type)] ?? '',
                reference: x.row.pay_serial ?? '',
              }
            : {
                id: Number(x.row.id),
                code: x.row.bond_return_code,
                createdAt: when(x.row.created_at),
                typeText: Number(x.row.bond_return_type) === 1 ? '全额退还' : '超额退还',
                amount: yuan(x.row.return_bond_money),
                fee: '',
                stateText: REVIEW[String(x.row.check_state)] ?? String(x.row.check_state),
                decidedAt: when(x.row.checked_at),
                reason: x.row.check_remark || x.row.remark,
                account: receiving(x.row),
                reference: x.row.payout_reference,
              },
        ),
      };
    }
    if (kind === 'frozen') {
      const { rows, total } = await frozenOfAgent(k, platId, agentId, limit, offset);
      return {
        total,
        rows: rows.map((r) => ({
          id: Number(r.id),
          code: '',
          createdAt: when(r.created_at),
          typeText: '冻结货款',
          amount: yuan(r.frozen_money),
          fee: '',
          stateText: Number(r.frozen_state) === 1 ? '已解冻' : '冻结中',
          // The day it may be thawed (China time), or when it was.
          decidedAt: r.thawed_at ? when(r.thawed_at) : `${when(r.release_at).slice(0, 10)} 起可解冻`,
          reason: r.remark,
          account: r.created_by,
          reference: '',
        })),
      };
    }
    const { rows, total } = await accountsOfAgent(k, platId, agentId, limit, offset);
    return {
      total,
      rows: rows.map((r) => ({
        id: Number(r.id),
        code: r.account_number,
        createdAt: when(r.created_at),
        typeText: CLASSIFY[String(r.account_classify)] ?? '收款账户',
        amount: '',
        fee: '',
        stateText: Number(r.is_deleted) ? '已删除' : Number(r.is_default) ? '默认' : '可用',
        decidedAt: '',
        reason: '',
        account: [r.bank_dic_name, r.sub_bank_name, r.account_name].filter(Boolean).join(' '),
        reference: '',
      })),
    };
  }

  return {
    async list(platId: string, input: { phonePage: Page; agentId: number; kind: AgentRecordKind }) {
      if (!(await agentOfPlatform(k, platId, input.agentId))) throw new AppError('RECORD_NOT_FOUND', STAFF_AGENT_MESSAGES.agentNotFound);
      const { pageNum, pageSize } = input.phonePage;
      const { rows, total } = await rowsOf(platId, input.agentId, input.kind, pageSize, (pageNum - 1) * pageSize);
      return { objs: rows, obj: { phonePage: { pageNum, pageSize, pageTotal: Math.ceil(total / pageSize) }, total } };
    },
  };
}
export type AgentMoneyRecords = ReturnType<typeof createAgentMoneyRecords>;
