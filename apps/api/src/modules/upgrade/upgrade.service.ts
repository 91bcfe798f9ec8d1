import { chinaTimeText, rechargeRecordText, RECHARGE_PAY_TYPE, RECHARGE_STATE as S, UPGRADE_MESSAGES as M, UPGRADE_STATUS, type PhonePage as FullPage } from '@shop/contract';
import type { Deps } from '../../deps.js';

type PhonePage = Pick<FullPage, 'pageSize' | 'pageNum'>;
import { AppError } from '../../lib/errors.js';
import { receivingOf } from '../../lib/receiving-account.js';
import * as agents from '../agent/agent.queries.js';
import * as payments from '../payment/payment.queries.js';
import * as repo from './upgrade.repository.js';

/** Who may open a voucher link: the agent who uploaded it, or a staff member of its platform (modules/upload). */
export type VoucherViewer = { agentId: number } | { staffId: number };

/** Turns a stored upload path into a link an <img> can open, for this viewer only (ADR 0012). */
export interface VoucherLinks {
  signedUrl(url: string, viewer: VoucherViewer): string;
}

type Grade = Awaited<ReturnType<typeof repo.findGrades>>[number];
const gradeInfo = (g: Grade) => ({
  gradeId: Number(g.id),
  gradeName: g.grade_name,
  gradeLevel: g.grade_level,
  firstRechargeMoney: g.first_recharge_money,
  bondMoney: g.bond_money,
});

/** The reads of /upgrade and /offline (spec 3 §2, §4 Upgrade review), the result page and the staff list. */
export function createUpgradeService(deps: Deps, links: VoucherLinks) {
  const k = deps.db.kysely;

  /** The state of the refund of an application's WeChat payment (its latest), null when none (ADR 0025). */
  async function refundStateOf(a: { id: number; grade_up_type: number; pay_type: number }): Promise<number | null> {
    if (a.pay_type !== RECHARGE_PAY_TYPE.wechat) return null;
    const refunds = await payments.refundsOf(k, a.grade_up_type === 1 ? 'recharge' : 'upgrade', Number(a.id));
    return refunds.length ? Number(refunds.at(-1)!.state) : null;
  }

  return {
    async info(agentId: number) {
      const agent = await agents.findProfileById(k, agentId);
      if (!agent) throw new AppError('RECORD_NOT_FOUND', M.stale);
      const [grades, rules, latest, open, recruits] = await Promise.all([
        repo.findGrades(k, agent.plat_id),
        repo.findRules(k, agent.plat_id),
        repo.latestRecharge(k, agentId),
        repo.openRecharge(k, agentId),
        repo.countRecruits(k, agentId),
      ]);
      const current = grades.find((g) => Number(g.id) === Number(agent.grade_id))!;
      const pending = open?.check_state === S.pending;
      const gradeUpType = agent.agent_status === 0 ? 1 : 2;
      const itemList = grades.map((g) => ({
        ...gradeInfo(g),
        gradeUpType,
        resList: rules
          .filter((r) => Number(r.grade_id) === Number(g.id))
          .map((r) => ({
            id: Number(r.id),
            gradeId: Number(r.grade_id),
            singleMoney: r.single_money,
            // spec 3 §4: actionable only for a higher grade, an active agent, the condition met and nothing pending.
            isUpgrade: Number(
              agent.agent_status === 1 && !pending && g.grade_level > current.grade_level && (r.single_money !== null || r.recruit_count <= recruits),
            ),
            returnRuleStr: r.rule_str,
            returnSuccessRuleStr: r.success_rule_str,
            // spec 3 §3: a recruit rule shows its progress, counted as agentLevelUpApply counts it.
            recruitCount: r.single_money === null ? r.recruit_count : null,
            recruitedCount: r.single_money === null ? recruits : null,
          })),
      }));
      const shown = latest && latest.check_state !== S.approved ? latest : null;
      // spec 3 §2 Upgrade: the steps end at 升级成功 once the latest upgrade is approved (a first top-up is no upgrade).
      const passed = latest?.check_state === S.approved;
      const openState = (rejected: number) => (!shown ? UPGRADE_STATUS.none : shown.check_state === S.pending ? UPGRADE_STATUS.pending : rejected);
      const upgradeState = passed && latest.grade_up_type === 2 ? UPGRADE_STATUS.passed : openState(UPGRADE_STATUS.upgradeRejected);
      const rechargeState = passed ? UPGRADE_STATUS.passed : openState(UPGRADE_STATUS.rechargeRejected);
      return {
        obj: {
          agentName: agent.agent_name,
          headImgUrl: agent.head_img_url,
          itemList,
          oldAgentGradeInfo: gradeInfo(current),
          status: {
            agentStatus: agent.agent_status,
            upgradeApplyCheckState: upgradeState,
            rechargeCheckState: rechargeState,
            checkRemark: shown?.check_state === S.rejected ? shown.check_remark : '',
            gradeUpType,
          },
          agentUpgradeApplyInfoBo: latest
            ? { id: Number(latest.id), checkState: latest.check_state, newGradeId: Number(latest.new_grade_id), checkRemark: latest.check_remark }
            : null,
          agentRechargeApplyBo: latest
            ? {
                id: Number(latest.id),
                rechargeCode: latest.recharge_code,
                checkState: latest.check_state,
                rechargeMoney: latest.recharge_money,
                payType: latest.pay_type,
                checkRemark: latest.check_remark,
              }
            : null,
        },
      };
    },

    async grades(platId: string) {
      return { objs: (await repo.findGrades(k, platId)).map(gradeInfo) };
    },

    async offlineAccounts(platId: string) {
      const [accounts, lineChargeVoucher] = await Promise.all([payments.findOfflineAccounts(k, platId), payments.lineChargeVoucher(k, platId)]);
      return { objs: accounts.map(payments.toOfflineAccount), obj: { lineChargeVoucher } };
    },

    rechargeFlags: (platId: string) => repo.rechargeFlags(k, platId),

    /** wxPaySuccessCallBack: an HK serial (the application's code, or its WeChat payment's out_trade_no), own only. */
    async readBack(agentId: number, serial: string) {
      let a = await repo.findRechargeByCode(k, agentId, serial);
      const payment = a?.pay_serial ? await payments.findWechatPayment(k, a.pay_serial) : await payments.findWechatPayment(k, serial);
      if (!a && payment && (payment.subject_kind === 'recharge' || payment.subject_kind === 'upgrade') && Number(payment.agent_id) === agentId) {
        a = await repo.findRechargeOfAgent(k, agentId, Number(payment.subject_id));
      }
      if (!a) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      const wx = payment && Number(payment.subject_id) === Number(a.id) ? payment : null;
      const refundState = await refundStateOf(a);
      return {
        objs: [
          {
            id: Number(a.id),
            rechargeCode: a.recharge_code,
            rechargeMoney: a.recharge_money,
            checkState: a.check_state,
            wxPayState: wx?.state ?? null,
            refundState,
            stateText: rechargeRecordText({ checkState: a.check_state, refundState }),
          },
        ],
      };
    },

    /** chargeRechargeAudit: the agent's own top-up records (spec 3 §2 /investRecord); -1 or nothing is all. */
    async records(agentId: number, checkState: number | null, page: PhonePage) {
      const state = checkState === 0 || checkState === 1 || checkState === 2 ? checkState : null;
      const total = await repo.countOwnRecords(k, agentId, state);
      const rows = await repo.pageOwnRecords(k, agentId, state, page.pageSize, (page.pageNum - 1) * page.pageSize);
      const refunds = await Promise.all(rows.map(refundStateOf));
      return {
        objs: rows.map((r, i) => ({
          id: Number(r.id),
          rechargeCode: r.recharge_code,
          rechargeMoney: r.recharge_money,
          gradeUpType: r.grade_up_type,
          payType: r.pay_type,
          checkState: r.check_state,
          checkRemark: r.check_remark,
          createDate: chinaTimeText(r.created_at),
          refundState: refunds[i]!,
          stateText: rechargeRecordText({ checkState: r.check_state, refundState: refunds[i]! }),
        })),
        obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) } },
      };
    },

    /** selectPendingRecharges: pending applications of the platform, oldest first. */
    async pending(platId: string, page: PhonePage, staffId: number) {
      const total = await repo.countInState(k, platId, S.pending);
      const rows = await repo.pageInState(k, platId, S.pending, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        objs: rows.map((r) => ({
          id: Number(r.id),
          rechargeCode: r.recharge_code,
          gradeUpType: r.grade_up_type,
          oldGradeName: r.old_grade_name ?? '',
          newGradeName: r.new_grade_name ?? '',
          rechargeMoney: r.recharge_money,
          createDate: chinaTimeText(r.created_at),
          agentId: Number(r.agent_id),
          agentName: r.agent_name,
          agentPhone: r.phone,
          agentCode: r.agent_code,
          accountId: r.account_id === null ? null : Number(r.account_id),
          ...receivingOf(r),
          remitAccountName: r.remit_account_name,
          remitAccountNumber: r.remit_account_number,
          voucherImgUrl: signed(links, r.voucher_img_url, { staffId }),
          remark: r.remark,
          payType: r.pay_type,
          paySerial: r.pay_serial,
        })),
        obj: { phonePage: { pageSize: page.pageSize, pageNum: page.pageNum, pageTotal: Math.ceil(total / page.pageSize) }, total },
      };
    },
  };
}
export type UpgradeService = ReturnType<typeof createUpgradeService>;

/** Signed links of the stored `;`/`,`-joined voucher paths, bound to the viewer (the owner agent or the reviewing staff). */
export const signed = (links: VoucherLinks, joined: string, viewer: VoucherViewer) =>
  joined
    .split(/[;,]/)
    .filter(Boolean)
    .map((u) => links.signedUrl(u, viewer))
    .join(',');
