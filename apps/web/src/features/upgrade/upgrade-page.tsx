import { useState } from 'react';
import { AGENT_STATUS } from '@shop/contract/agent-gate';
import { useNavigate } from 'react-router';
import { agentLevelUpApply, selAgentUpgradeApplyInfo } from '@shop/contract/upgrade';
import { FLAG } from '@shop/contract/flags';
import { PageState } from '../../components/page-state.js';
import { Dialog } from '../../components/ui.js';
import { priceText } from '../../lib/money.js';
import { useOpMutation } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { isPending, isRejected, isUpgraded, useUpgradeInfo, type GradeItem, type UpgradeInfo } from './use-upgrade.js';
import './upgrade.css';

const STEPS = ['选择代理等级', '资格审核', '升级成功'];

/** /upgrade (spec 3 §2 Upgrade, §4 Upgrade review): who I am, the steps, the grades above mine and their rules. */
export default function UpgradePage() {
  const info = useUpgradeInfo();
  return (
    <div className="page upgrade-page">
      <PageState query={info}>{(reply) => <Upgrade info={reply.obj} />}</PageState>
    </div>
  );
}

function Upgrade({ info }: { info: UpgradeInfo }) {
  const pending = isPending(info);
  const current = info.oldAgentGradeInfo;
  return (
    <>
      <section className="card upgrade-head" aria-label="我的等级">
        {info.headImgUrl ? <img className="upgrade-avatar" src={info.headImgUrl} alt="头像" /> : <span className="upgrade-avatar" aria-hidden="true">{info.agentName.slice(0, 1)}</span>}
        <div>
          <div className="upgrade-name">{info.agentName}</div>
          <div className="upgrade-grade">当前等级：{current.gradeName}</div>
        </div>
      </section>

      <ol className="card upgrade-steps" aria-label="升级进度">
        {STEPS.map((s, i) => {
          const at = pending ? 1 : isUpgraded(info) ? 2 : 0;
          const text = i === 1 && pending ? '资格审核中' : s;
          return (
            <li key={s} className={i <= at ? 'done' : undefined} aria-current={i === at ? 'step' : undefined}>
              <span className="upgrade-step-dot" aria-hidden="true">
                {i + 1}
              </span>
              {text}
            </li>
          );
        })}
      </ol>

      {isRejected(info) && info.status.checkRemark && (
        <p className="warning-bar upgrade-reject" role="alert">
          审核未通过：{info.status.checkRemark}
        </p>
      )}
      {pending && <p className="warning-bar">您的申请正在审核中，请耐心等待审核结果</p>}

      {info.status.agentStatus === AGENT_STATUS.new ? <FirstTopUp info={info} pending={pending} /> : <GradePicker info={info} pending={pending} />}
    </>
  );
}

/** agentStatus 0 (spec 3 §4): a one-time restock of the grade's firstRechargeMoney; the current grade is shown. */
function FirstTopUp({ info, pending }: { info: UpgradeInfo; pending: boolean }) {
  const navigate = useNavigate();
  const g = info.oldAgentGradeInfo;
  return (
    <section className="card rows" aria-label="首次充值">
      <div className="card-title">首次充值</div>
      <div className="row">
        <span>代理等级</span>
        <span>{g.gradeName}</span>
      </div>
      <div className="row">
        <span>首充金额</span>
        <strong className="price">{priceText(g.firstRechargeMoney)}</strong>
      </div>
      <p className="muted small">完成首次充值并审核通过后即可进货</p>
      <button type="button" className="primary-button" disabled={pending} onClick={() => navigate('/offline')}>
        去充值
      </button>
    </section>
  );
}

function GradePicker({ info, pending }: { info: UpgradeInfo; pending: boolean }) {
  const higher = info.itemList.filter((g) => g.gradeLevel > info.oldAgentGradeInfo.gradeLevel);
  const [chosen, setChosen] = useState<number | null>(higher[0]?.gradeId ?? null);
  if (higher.length === 0) return <p className="card muted center">您已是最高等级</p>;
  const grade = higher.find((g) => g.gradeId === chosen) ?? higher[0]!;
  return (
    <>
      <section className="card">
        <div className="card-title" id="grade-picker">
          选择代理等级
        </div>
        <div className="upgrade-grades" role="radiogroup" aria-labelledby="grade-picker">
          {higher.map((g) => (
            <button key={g.gradeId} type="button" role="radio" aria-checked={g.gradeId === grade.gradeId} onClick={() => setChosen(g.gradeId)}>
              {g.gradeName}
            </button>
          ))}
        </div>
      </section>
      <RuleItems grade={grade} pending={pending} />
    </>
  );
}

/** spec 3 §3 rule items: a restock pays on /offline; a recruit rule applies at once after a confirm. */
function RuleItems({ grade, pending }: { grade: GradeItem; pending: boolean }) {
  const navigate = useNavigate();
  const levelUp = useOpMutation(agentLevelUpApply, { invalidates: [selAgentUpgradeApplyInfo] });
  async function apply(rule: GradeItem['resList'][number]) {
    if (rule.singleMoney !== null) return navigate(`/offline?gradeId=${grade.gradeId}`);
    if (!(await Dialog.confirm({ content: '您已满足升级条件，确认升级？' }))) return;
    const reply = await levelUp.mutateAsync({ newGradeId: grade.gradeId }).catch(() => null);
    if (reply) toast(reply.msg || '申请成功，等待审核');
  }
  return (
    <section className="card upgrade-rules" aria-label={`${grade.gradeName}申请条件`}>
      <div className="card-title">申请条件</div>
      {grade.resList.length === 0 && <p className="muted">暂无升级条件</p>}
      <ul>
        {grade.resList.map((r) => (
          <li key={r.id} className="upgrade-rule">
            <span>
              {r.returnRuleStr}
              {r.singleMoney !== null && <small className="muted"> 需充值 {priceText(r.singleMoney)}</small>}
              {r.recruitCount !== null && <RecruitProgress done={r.recruitedCount ?? 0} need={r.recruitCount} />}
            </span>
            <button type="button" className="primary-button inline" disabled={pending || r.isUpgrade !== FLAG.yes} onClick={() => void apply(r)}>
              去升级
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec 3 §3 recruit rule: how far the agent is (已推荐 1/3), counted by the server as the rule counts. */
function RecruitProgress({ done, need }: { done: number; need: number }) {
  const shown = Math.min(done, need);
  return (
    <span className="upgrade-recruit">
      <small>
        已推荐 {shown}/{need}
      </small>
      <progress value={shown} max={Math.max(need, 1)} aria-label={`已推荐 ${shown}/${need}`} />
    </span>
  );
}
