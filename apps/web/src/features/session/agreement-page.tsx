import { useEffect, useState } from 'react';
import { agentSetInfoGet } from '@shop/contract/agent';
import { call } from '../../lib/api.js';

export default function AgreementPage() {
  const [agreement, setAgreement] = useState<{ agreementTitle: string; agreementContent: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    call(agentSetInfoGet, {})
      .then((r) => setAgreement(r.obj))
      .catch(() => setFailed(true));
  }, []);

  if (failed) return <div className="page empty">协议加载失败，请稍后再试</div>;
  if (!agreement) return <div className="page" />;
  return (
    <article className="page agreement">
      <h2>{agreement.agreementTitle}</h2>
      {/* Platform-authored HTML; the CSP forbids inline scripts. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: agreement.agreementContent }} />
    </article>
  );
}
