import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LOGISTICS_MESSAGES, PARCEL_TABS, selectOrderLogistics, type LogisticsQueryRes } from '@shop/contract/logistics';
import { PageState } from '../../components/page-state.js';
import { useOp } from '../../lib/query.js';
import { toast } from '../../lib/toast.js';
import { copyText, stepLabel, traceTime } from './timeline.js';
import './logistics.css';

/**
 * /logisticsInformation?logisticsId&waybillCode&receiverPhone (spec 2 §2): one tab per parcel (包裹一 … 包裹十) when
 * there are several; per parcel the carrier, its phone and the waybill number, then the timeline newest first.
 * A failed request says why with a retry; the server's refusal shows the empty text (spec 2 §8), not a toast.
 */
export default function LogisticsPage() {
  const [params] = useSearchParams();
  const logisticsId = Number(params.get('logisticsId'));
  const valid = Number.isInteger(logisticsId) && logisticsId > 0;
  const input = { logisticsId: valid ? logisticsId : 0, waybillCode: params.get('waybillCode') ?? '', receiverPhone: params.get('receiverPhone') ?? '' };
  const query = useOp(selectOrderLogistics, input, { enabled: valid });
  if (!valid) return <div className="page empty">{LOGISTICS_MESSAGES.empty}</div>;
  return (
    <div className="page logistics-page">
      <PageState query={query} isEmpty={(r) => r.obj.logisticsQueryRess.length === 0} empty={LOGISTICS_MESSAGES.empty} emptyOnRefusal>
        {(r) => <Parcels parcels={r.obj.logisticsQueryRess.slice(0, PARCEL_TABS.length)} />}
      </PageState>
    </div>
  );
}

function Parcels({ parcels }: { parcels: LogisticsQueryRes[] }) {
  const [tab, setTab] = useState(0);
  const current = parcels[Math.min(tab, parcels.length - 1)]!;
  return (
    <>
      {parcels.length > 1 && (
        <nav className="logistics-tabs" role="tablist" aria-label="包裹">
          {parcels.map((p, i) => (
            <button
              key={`${p.ShipperCode}-${p.LogisticCode}`}
              type="button"
              role="tab"
              aria-selected={i === tab}
              className={i === tab ? 'active' : undefined}
              onClick={() => setTab(i)}
            >
              {PARCEL_TABS[i]}
            </button>
          ))}
        </nav>
      )}
      <Parcel parcel={current} />
    </>
  );
}

function Parcel({ parcel }: { parcel: LogisticsQueryRes }) {
  async function copy() {
    toast((await copyText(parcel.LogisticCode)) ? LOGISTICS_MESSAGES.copied : '复制失败，请长按运单号复制');
  }
  return (
    <>
      <section className="card rows logistics-head" aria-label="物流公司">
        <div className="row">
          <span>物流公司</span>
          <span>{parcel.logisticsName}</span>
        </div>
        {parcel.phone && (
          <div className="row">
            <span>联系电话</span>
            <a href={`tel:${parcel.phone}`}>{parcel.phone}</a>
          </div>
        )}
        <div className="row">
          <span>运单编号</span>
          <span className="logistics-waybill">
            <span data-testid="waybill-code">{parcel.LogisticCode}</span>
            <button type="button" className="text-button" onClick={() => void copy()}>
              复制
            </button>
          </span>
        </div>
      </section>
      {parcel.traces.length === 0 ? (
        <div className="card empty">{LOGISTICS_MESSAGES.empty}</div>
      ) : (
        <ol className="card logistics-timeline" aria-label="物流轨迹">
          {parcel.traces.map((t, i) => {
            const { date, time } = traceTime(t.AcceptTime);
            return (
              <li key={`${t.AcceptTime}-${i}`} className={i === 0 ? 'newest' : undefined}>
                <time className="logistics-when" dateTime={t.AcceptTime}>
                  <span>{date}</span>
                  <span>{time}</span>
                </time>
                <span className="logistics-dot" aria-hidden="true" />
                <div className="logistics-step">
                  {i === 0 && <strong className="logistics-label">{stepLabel(parcel.State)}</strong>}
                  <p>{t.AcceptStation}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
