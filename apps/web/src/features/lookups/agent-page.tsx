import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { selectAgentAuthorizedInfo } from '@shop/contract/lookups';
import { PageState } from '../../components/page-state.js';
import { ImageViewer } from '../../components/ui.js';
import { useOp } from '../../lib/query.js';
import { Row } from './lookup-row.js';
import './lookups.css';

const TABS = ['代理信息', '授权证书'] as const;

/** /agent?selPhone (spec 3 §2, public): the authorization answer, tabs 'agent info' and 'certificate'. */
export default function AgentPage() {
  const [params] = useSearchParams();
  const phone = params.get('selPhone') ?? '';
  const [tab, setTab] = useState<(typeof TABS)[number]>('代理信息');
  const query = useOp(selectAgentAuthorizedInfo, { phone }, { enabled: !!phone, staleTime: 60_000 });
  if (!phone) {
    return (
      <div className="page empty">
        <p>请输入代理商手机号码</p>
        <Link to="/authorization">去查询</Link>
      </div>
    );
  }
  return (
    <div className="page lookup-page">
      <div className="lookup-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={t === tab ? 'active' : undefined} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <PageState query={query}>
        {({ obj: a }) =>
          tab === '代理信息' ? (
            <section className="card lookup-rows" aria-label="代理信息">
              <Row label="授权编号" value={a.privilegedCode} />
              <Row label="代理姓名" value={a.agentName} />
              <Row label="手机号码" value={a.phone} />
              <Row label="代理级别" value={a.agentGradeInfo.gradeName} />
              <Row label="微信号" value={a.wxNumber} />
              <Row label="推荐人" value={a.introduceAgent.agentName} />
              <Row label="授权期限" value={`${a.agentCertTemplateInfoBo.validFrom} 至 ${a.agentCertTemplateInfoBo.validTo}`} />
            </section>
          ) : (
            <section className="lookup-cert" aria-label="授权证书">
              <button type="button" onClick={() => ImageViewer.show({ image: a.agentCertTemplateInfoBo.backImgUrlNew })}>
                <img src={a.agentCertTemplateInfoBo.backImgUrlNew} alt={`${a.agentName}的授权证书`} />
              </button>
              <p className="lookup-hint">点击图片查看大图，长按可保存</p>
            </section>
          )
        }
      </PageState>
    </div>
  );
}
