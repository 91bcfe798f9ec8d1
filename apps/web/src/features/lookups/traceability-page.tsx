import { Link, useSearchParams } from 'react-router';
import { AGENT_TYPE, ASCRIPTION_TYPE, agentTypeText, ascriptionText, searchDataByTraceCode, type TraceResult } from '@shop/contract/lookups';
import { PageState } from '../../components/page-state.js';
import { useOp } from '../../lib/query.js';
import { Row } from './lookup-row.js';
import './lookups.css';

function owner(r: TraceResult) {
  if (r.agentType === AGENT_TYPE.headquarters) return { kind: agentTypeText(r.agentType), name: r.agentBaseInfoBo.agentName, grade: '', phone: '' };
  if (r.ascriptionType === ASCRIPTION_TYPE.agent) {
    return { kind: ascriptionText(r.ascriptionType), name: r.agentBaseInfoBo.agentName, grade: r.agentBaseInfoBo.agentGradeInfo.gradeName, phone: r.agentBaseInfoBo.phone };
  }
  return { kind: ascriptionText(r.ascriptionType), name: r.ascriptionCusName, grade: r.ascriptionCusGradeName, phone: r.ascriptionCusPhone };
}

/**
 * /traceability (spec 3 §2, public): trace code, product, ownership, owner grade and name, masked phone, '正品'.
 * It reads the answer by the trace code from the server (a result built from the address bar could be forged).
 */
export default function TraceabilityPage() {
  const [params] = useSearchParams();
  const traceCode = params.get('traceCode') ?? '';
  const query = useOp(searchDataByTraceCode, { traceCode }, { enabled: !!traceCode, staleTime: 60_000 });
  if (!traceCode) {
    return (
      <div className="page empty">
        <p>请输入追溯码</p>
        <Link to="/traceaSel">去查询</Link>
      </div>
    );
  }
  return (
    <div className="page lookup-page">
      <PageState query={query}>
        {({ obj: r }) => {
          const o = owner(r);
          return (
            <>
              <section className="card lookup-genuine" aria-label="查询结果">
                <span className="lookup-seal">正品</span>
                <div>
                  <strong>您查询的商品为正品</strong>
                  <p>追溯码：{r.traceCode}</p>
                </div>
              </section>
              <section className="card lookup-product" aria-label="商品信息">
                {r.prodSingleProduct.imgUrl && <img src={r.prodSingleProduct.imgUrl} alt={r.prodBaseInfo.prodName} />}
                <dl>
                  <dt>商品名称</dt>
                  <dd>{r.prodBaseInfo.prodName}</dd>
                  <dt>商品货号</dt>
                  <dd>{r.prodSingleProduct.artNum}</dd>
                  <dt>商品价格</dt>
                  <dd>¥{r.prodBaseInfo.price}</dd>
                </dl>
              </section>
              <section className="card lookup-rows" aria-label="归属信息">
                <Row label="商品归属" value={o.kind} />
                {o.grade && <Row label="归属级别" value={o.grade} />}
                <Row label="归属人" value={o.name} />
                {o.phone && <Row label="联系电话" value={o.phone} />}
              </section>
              <Link className="primary-button lookup-next" to="/check">
                防伪查询
              </Link>
            </>
          );
        }}
      </PageState>
    </div>
  );
}
