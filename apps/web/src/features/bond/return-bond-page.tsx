import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyWithdrawalBondInit, BOND_MESSAGES, BOND_REMARK_MAX, bondMoneyInit, selectReturnBondDetail, withdrawalBondManage, BOND_RETURN_TYPE } from '@shop/contract/bond';
import { selectBaseOfflinePayAccountBoList } from '@shop/contract/funds-accounts';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { call } from '../../lib/api.js';
import { priceText } from '../../lib/money.js';
import { useOp, useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import './bond.css';

const TITLES = { 1: '退还合规金', 2: '返还超出合规金' } as const;
const CLASS_TEXT: Record<number, string> = { 1: '银行卡', 2: '微信', 3: '支付宝' };

/** /returnBondMoney?bondReturnType (spec 3 §2, §5 Deposit refund): type 1 refunds it all, type 2 the excess. */
export default function ReturnBondPage() {
  const [params] = useSearchParams();
  const type = params.get('bondReturnType') === String(BOND_RETURN_TYPE.excess) ? BOND_RETURN_TYPE.excess : BOND_RETURN_TYPE.all;
  const init = useOp(applyWithdrawalBondInit, { bondReturnType: type }, { staleTime: 0 });
  return (
    <div className="page return-bond">
      <h1 className="page-heading">{TITLES[type]}</h1>
      <PageState
        query={init}
        emptyOnRefusal
        empty={
          <span>
            暂无可退还的合规金，<Link to="/compliance">返回合规金</Link>
          </span>
        }
      >
        {(reply) => <ReturnForm type={type} amount={reply.obj.returnBondMoney} held={reply.obj.bondMoney} />}</PageState>
    </div>
  );
}

function ReturnForm({ type, amount, held }: { type: 1 | 2; amount: string; held: string }) {
  const navigate = useNavigate();
  const accounts = useOp(selectBaseOfflinePayAccountBoList, { accountBelongType: 1, phonePage: { pageSize: 50, pageNum: 1 } }, { staleTime: 0 });
  const list = accounts.data?.objs ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const accountId = chosen ?? list.find((a) => a.isDefault === FLAG.yes)?.id ?? null;
  const [remark, setRemark] = useState('');
  const submit = useOpMutation(withdrawalBondManage, { invalidates: [bondMoneyInit, selectReturnBondDetail, applyWithdrawalBondInit] });

  async function apply() {
    if (submit.isPending) return;
    if (!accountId) return toast(BOND_MESSAGES.accountRequired);
    let confirmText: string = BOND_MESSAGES.confirmSubmit;
    if (type === BOND_RETURN_TYPE.all) {
      // spec 3 §5: type 1 asks the server first; its refusal is shown and stops, its answer is the confirm text.
      const check = await call(applyWithdrawalBondInit, { bondReturnType: 1 }).catch(() => null);
      if (!check) return;
      if (check.obj.isConfirm === FLAG.yes && check.obj.confirmMsg) confirmText = check.obj.confirmMsg;
    }
    if (!(await Dialog.confirm({ content: confirmText }))) return;
    const reply = await submit.mutateAsync({ bondReturnType: type, returnBondMoney: amount, remark: remark.trim(), accountId }).catch(() => null);
    if (!reply) return; // spec 3 §8: the refusal was toasted; submission is enabled again
    toast(reply.msg || '提交成功，等待审核', 2000, { keep: true });
    setTimeout(() => navigate('/compliance', { replace: true }), 1000);
  }

  return (
    <>
      <section className="card rows">
        <div className="row">
          <span>合规金余额</span>
          <span>{priceText(held)}</span>
        </div>
        <div className="row">
          <span>{type === BOND_RETURN_TYPE.all ? '退还金额' : '返还金额'}</span>
          <strong className="price" data-testid="return-money">
            {priceText(amount)}
          </strong>
        </div>
      </section>
      <section className="card rows" role="radiogroup" aria-label="收款账户">
        <div className="card-title">收款账户</div>
        <PageState query={accounts} isEmpty={(r) => r.objs.length === 0} empty="暂无收款账户">
          {() =>
            list.map((a) => (
              <label key={a.id} className="row">
                <span>
                  {CLASS_TEXT[a.accountClassify] ?? '账户'} {a.bankDicName} {a.subBankName}
                  <br />
                  <small className="muted">
                    {a.accountName} {a.accountNumber}
                  </small>
                </span>
                <input type="radio" name="account" checked={accountId === a.id} onChange={() => setChosen(a.id)} aria-label={`${a.accountName} ${a.accountNumber}`} />
              </label>
            ))
          }
        </PageState>
        <Link to="/eveningP" className="text-button bond-add-account">
          + 添加收款账户
        </Link>
      </section>
      <section className="card rows">
        <label className="row">
          <span>备注</span>
          <input className="text-input right" maxLength={BOND_REMARK_MAX} placeholder="选填，最多30字" value={remark} onChange={(e) => setRemark(e.target.value)} aria-label="备注" />
        </label>
      </section>
      <button type="button" className="primary-button" disabled={submit.isPending} onClick={() => void apply()}>
        提交申请
      </button>
    </>
  );
}
