import { BOND_MESSAGES as M, BOND_STATE as S, chinaTimeText, type PhonePage as FullPage } from '@shop/contract';
import type { Deps } from '../../deps.js';

type PhonePage = Pick<FullPage, 'pageSize' | 'pageNum'>;
import { AppError } from '../../lib/errors.js';
import { receivingOf } from '../../lib/receiving-account.js';
import * as payments from '../payment/payment.queries.js';
import * as orders from '../order/order.queries.js';
import { signed, type VoucherLinks } from '../upgrade/upgrade.queries.js';
import * as repo from './bond.repository.js';

/** spec 3 §9 pay-way list: 1 online, 2 total-split balance, 3 goods fund (the picker leaves it out), 4 offline. */
const PAY_WAY: Record<number, { type: number; payTypeName: string }> = {
  1: { type: 1, payTypeName: '微信支付' },
  2: { type: 2, payTypeName: '总分余额' },
  3: { type: 3, payTypeName: '货款余额' },
  4: { type: 4, payTypeName: '线下打款' },
};

const pager = (page: PhonePage, total: number) => ({ pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) });

/** The deposit's reads: pay ways, receiving accounts, records, the result page and the staff lists. */
export function createBondService(deps: Deps, links: VoucherLinks) {
  const k = deps.db.kysely;

  return {
    async payWays(platId: string) {
      const [methods, lineOrderVoucher] = await Promise.all([orders.findPayMethods(k, platId, true), payments.lineChargeVoucher(k, platId)]);
      return { objs: methods.filter((m) => PAY_WAY[m.type]).map((m) => ({ ...PAY_WAY[m.type]!, lineOrderVoucher })) };
    },

    async receivingAccounts(platId: string) {
      return { objs: (await payments.findOfflineAccounts(k, platId)).map(payments.toOfflineAccount) };
    },

    async payRecords(agentId: number, state: number, page: PhonePage) {
      const { rows, total } = await repo.pageOfAgent(k, 'bond_pays', agentId, state, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: (rows as repo.BondPayRow[]).map((b) => ({
          id: Number(b.id),
          bondCode: b.bond_code,
          bondMoney: b.bond_money,
          payType: b.pay_type,
          createDate: chinaTimeText(b.created_at),
          checkState: b.check_state,
          checkRemark: b.check_remark,
          voucherImgUrl: signed(links, b.voucher_img_url, { agentId }),
        })),
        obj: { phonePage: pager(page, total) },
      };
    },

    async returnRecords(agentId: number, state: number, page: PhonePage) {
      const { rows, total } = await repo.pageOfAgent(k, 'bond_returns', agentId, state, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: (rows as repo.BondReturnRow[]).map((b) => ({
          id: Number(b.id),
          bondReturnCode: b.bond_return_code,
          returnBondMoney: b.return_bond_money,
          bondReturnType: b.bond_return_type,
          createDate: chinaTimeText(b.created_at),
          checkState: b.check_state,
          checkRemark: b.check_remark,
          voucherImgUrl: '',
        })),
        obj: { phonePage: pager(page, total) },
      };
    },

    /** wxPaySuccessCallBackByBond: an HG serial (the code, or its WeChat out_trade_no), own only. */
    async readBack(agentId: number, serial: string) {
      let b = await repo.findBondPayByCode(k, agentId, serial);
      const payment = await payments.findWechatPayment(k, b?.pay_serial ?? serial);
      if (!b && payment?.subject_kind === 'bond' && Number(payment.agent_id) === agentId) b = await repo.findBondPayOfAgent(k, agentId, Number(payment.subject_id));
      if (!b) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      const wx = payment && payment.subject_kind === 'bond' && Number(payment.subject_id) === Number(b.id) ? payment : null;
      return { obj: { id: Number(b.id), bondCode: b.bond_code, bondMoney: b.bond_money, checkState: b.check_state, wxPayState: wx?.state ?? null } };
    },

    async pendingPays(platId: string, page: PhonePage, staffId: number) {
      const total = await repo.countInState(k, 'bond_pays', platId, S.pending);
      const rows = await repo.payPageInState(k, platId, S.pending, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((b) => ({
          id: Number(b.id),
          bondCode: b.bond_code,
          bondMoney: b.bond_money,
          createDate: chinaTimeText(b.created_at),
          agentId: Number(b.agent_id),
          agentName: b.agent_name,
          agentPhone: b.phone,
          agentCode: b.agent_code,
          accountId: b.account_id === null ? null : Number(b.account_id),
          ...receivingOf(b),
          remitAccountName: b.remit_account_name,
          remitAccountNumber: b.remit_account_number,
          voucherImgUrl: signed(links, b.voucher_img_url, { staffId }),
          remark: b.remark,
          payType: b.pay_type,
          paySerial: b.pay_serial,
        })),
        obj: { phonePage: pager(page, total), total },
      };
    },

    async pendingReturns(platId: string, page: PhonePage) {
      const total = await repo.countInState(k, 'bond_returns', platId, S.pending);
      const rows = await repo.returnPageInState(k, platId, S.pending, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((b) => ({
          id: Number(b.id),
          bondReturnCode: b.bond_return_code,
          bondReturnType: b.bond_return_type,
          returnBondMoney: b.return_bond_money,
          bondMoney: Number(b.held),
          remark: b.remark,
          createDate: chinaTimeText(b.created_at),
          agentId: Number(b.agent_id),
          agentName: b.agent_name,
          agentPhone: b.phone,
          agentCode: b.agent_code,
          accountId: b.account_id === null ? null : Number(b.account_id),
          ...receivingOf(b),
        })),
        obj: { phonePage: pager(page, total), total },
      };
    },
  };
}
export type BondService = ReturnType<typeof createBondService>;
