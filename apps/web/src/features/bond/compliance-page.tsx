import { Link, useNavigate } from 'react-router';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { CHECK_STATE } from '@shop/contract/order-state';
import { BOND_STATUS, bondMoneyInit, returnBondMoneyReject, SELF_WITHDRAWN, selectReturnBondDetail } from '@shop/contract/bond';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { positive, useBondInfo, type BondInfo } from './use-bond.js';
import './bond.css';

/** /compliance (spec 3 §2 Compliance deposit, §4): the deposit held, the grade, what is due, and what may be done now. */
export default function CompliancePage() {
  const info = useBondInfo();
  return (
    <div className="page compliance-page">
      <PageState query={info}>{(reply) => <Compliance info={reply.obj} />}</PageState>
    </div>
  );
}

function Compliance({ info }: { info: BondInfo }) {
  return (
    <>
      <section className="card bond-head" aria-label="合规金">
        <span className="bond-head-label">合规金余额</span>
        <strong className="bond-head-value" data-testid="bond-money">
          {priceText(info.bondMoney)}
        </strong>
        <Link to="/complianceDetail" className="bond-head-link">
          合规金明细
        </Link>
      </section>
      <section className="card rows">
        <div className="row">
          <span>代理等级</span>
          <span>{info.gradeName}</span>
        </div>
        <div className="row">
          <span>等级合规金标准</span>
          <span>{priceText(info.ruleBondMoney)}</span>
        </div>
        {/* spec 3 §4: a payment under review (bondStatusFlg 1) is not asked for again. */}
        {info.bondStatusFlg !== FLAG.yes && (
          <div className="row">
            <span>应缴金额</span>
            <strong className="price" data-testid="grade-bond">
              {priceText(info.gradeBond)}
            </strong>
          </div>
        )}
      </section>
      <BondState info={info} />
    </>
  );
}

/** spec 3 §4 Compliance deposit on /compliance: one message and the buttons that apply. */
function BondState({ info }: { info: BondInfo }) {
  const navigate = useNavigate();
  const cancel = useOpMutation(returnBondMoneyReject, { invalidates: [bondMoneyInit, selectReturnBondDetail] });
  async function withdraw() {
    if (!(await Dialog.confirm({ content: '确认撤回退还申请？' }))) return;
    const reply = await cancel.mutateAsync({ checkRemark: SELF_WITHDRAWN }).catch(() => null);
    if (reply) toast(reply.msg || '撤回成功');
  }

  if (info.bondStatus === BOND_STATUS.notNeeded && !positive(info.bondMoney)) return <p className="card bond-note">您当前等级无需缴纳合规金</p>;
  if (info.bondStatusFlg === FLAG.yes) {
    return (
      <section className="card bond-note">
        <p>合规金已缴纳，正在审核中</p>
        <p className="muted">审核通过后即可进货、提现和转款</p>
      </section>
    );
  }
  if (info.returnBondCheckState === CHECK_STATE.passed) {
    return (
      <section className="card bond-note">
        <p>合规金退还申请审核中</p>
        <button type="button" className="plain-button" onClick={() => void withdraw()}>
          撤回申请
        </button>
      </section>
    );
  }
  const rejected = info.checkRemark && <p className="warning-bar">上次缴纳未通过审核：{info.checkRemark}</p>;
  if (info.isNeedBondStatus === FLAG.yes) {
    return (
      <section className="card bond-note">
        <p>您需要缴纳合规金 {priceText(info.gradeBond)} 后才能进货、提现和转款</p>
        {rejected}
        {info.agentStatus === AGENT_STATUS.activated ? (
          <button type="button" className="primary-button" onClick={() => navigate(`/bondPay?gradeBond=${info.gradeBond}`)}>
            缴纳合规金
          </button>
        ) : (
          <button type="button" className="primary-button" disabled>
            请先充值货款后再缴纳合规金
          </button>
        )}
      </section>
    );
  }
  if (!positive(info.bondMoney)) return <p className="card bond-note">暂无合规金</p>;
  // spec 3 §4: held at most the rule amount → refund only; above it → the return of the excess too.
  return (
    <section className="card bond-note">
      <p>合规金已缴纳，可申请退还</p>
      <button type="button" className="plain-button" onClick={() => navigate(`/returnBondMoney?returnBondMoney=${info.bondMoney}&bondReturnType=1`)}>
        申请退还合规金
      </button>
      {positive(info.excessBondMoney) && (
        <button type="button" className="plain-button" onClick={() => navigate(`/returnBondMoney?returnBondMoney=${info.excessBondMoney}&bondReturnType=2`)}>
          申请退还超出部分
        </button>
      )}
    </section>
  );
}
