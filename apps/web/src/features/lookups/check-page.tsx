import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOOKUP_MESSAGES, codeOf, selectTraceReviewSelRecord } from '@shop/contract/lookups';
import { call, type Reply } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import { LookupForm } from './lookup-form.js';

type Answer = Reply<typeof selectTraceReviewSelRecord>;

/**
 * /check (spec 3 §2, public): anti-counterfeit query. Every query is recorded by the server; a code queried before
 * shows how many times and since when, the usual sign of a copied code.
 */
export default function CheckPage() {
  const [params] = useSearchParams();
  const [answer, setAnswer] = useState<Answer | null>(null);
  async function submit(value: string) {
    const reviewCode = codeOf(value);
    if (!reviewCode) return toast(LOOKUP_MESSAGES.reviewRequired);
    setAnswer(null);
    setAnswer(await call(selectTraceReviewSelRecord, { reviewCode }).catch(() => null));
  }
  const copied = answer && answer.obj.selCount > 1;
  return (
    <LookupForm
      title="防伪查询"
      label="防伪码"
      placeholder="请输入防伪码"
      initial={codeOf(params.get('code') ?? '')}
      queryInitial
      scan
      maxLength={64}
      submitText="查询"
      onSubmit={(v) => void submit(v)}
    >
      {answer && (
        <section className={`card lookup-review${copied ? ' warn' : ''}`} aria-label="防伪查询结果" aria-live="polite">
          <strong className="lookup-review-msg">{answer.msg}</strong>
          <p>商品名称：{answer.obj.prodName}</p>
          <p>查询次数：{answer.obj.selCount}次</p>
          <p>首次查询时间：{answer.obj.firstSelDate}</p>
          {copied && (
            <ol className="lookup-review-list" aria-label="查询记录">
              {answer.objs.map((q, i) => (
                <li key={`${q.reviewSelDate}-${i}`}>
                  第{i + 1}次查询：{q.reviewSelDate}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
      <p className="lookup-hint">
        防伪码位于商品包装的防伪标签涂层下。<Link to="/traceaSel">追溯查询</Link>
      </p>
    </LookupForm>
  );
}
