import { useNavigate, useSearchParams } from 'react-router';
import { LOOKUP_MESSAGES, codeOf, searchDataByTraceCode } from '@shop/contract/lookups';
import { toast } from '../../lib/toast.js';
import { LookupForm } from './lookup-form.js';
import { lookup } from './lookup-api.js';

/** /traceaSel (spec 3 §2, public): trace-code query, optional query code, scan. */
export default function TraceQueryPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  async function submit(value: string, auto = false) {
    const traceCode = codeOf(value);
    if (!traceCode) return toast(LOOKUP_MESSAGES.traceRequired);
    // A scanned code's own query replaces this entry, so Back from the result does not land here and query again.
    if (await lookup(searchDataByTraceCode, { traceCode })) navigate(`/traceability?traceCode=${encodeURIComponent(traceCode)}`, { replace: auto });
  }
  return (
    <LookupForm
      title="追溯查询"
      label="追溯码"
      placeholder="请输入追溯码"
      initial={codeOf(params.get('code') ?? '')}
      queryInitial
      scan
      maxLength={64}
      submitText="查询"
      onSubmit={(v, auto) => void submit(v, auto)}
    >
      <p className="lookup-hint">追溯码位于商品包装的标签上，也可直接扫描包装上的二维码。</p>
    </LookupForm>
  );
}
