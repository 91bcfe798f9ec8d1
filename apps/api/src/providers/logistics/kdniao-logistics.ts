import { createHash } from 'node:crypto';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { LogisticsProvider, TrackQuery, TrackResult, TrackState } from './logistics-provider.js';

/**
 * Kdniao DataSign (reference §6): base64 of the lower-case md5 hex (the 32-character text, not the raw digest) of
 * RequestData followed by the AppKey. Form-encoding happens once, when the body is built.
 */
export function kdniaoDataSign(requestData: string, appKey: string): string {
  const md5hex = createHash('md5').update(requestData + appKey, 'utf8').digest('hex');
  return Buffer.from(md5hex, 'utf8').toString('base64');
}

/** RequestData exactly as it is signed and sent; CustomerName only when given (SF wants the phone's last four digits). */
export function kdniaoRequestData(q: Pick<TrackQuery, 'shipperCode' | 'logisticCode' | 'customerName'>): string {
  return JSON.stringify({
    OrderCode: '',
    ShipperCode: q.shipperCode,
    LogisticCode: q.logisticCode,
    ...(q.customerName ? { CustomerName: q.customerName } : {}),
  });
}

export interface KdniaoConfig {
  eBusinessId: string;
  appKey: string;
  /** https://api.kdniao.com/Ebusiness/EbusinessOrderHandle.aspx, or the sandbox. */
  url: string;
  /** 1002 instant query; 8001 the value-added query (adds StateEx, Location). */
  requestType: '1002' | '8001';
  timeoutMs?: number;
}

interface KdniaoAnswer {
  Success?: boolean | string;
  Reason?: string | null;
  State?: string | number;
  LogisticCode?: string;
  ShipperCode?: string;
  Traces?: { AcceptTime?: string; AcceptStation?: string }[];
}

// The instant query is metered (documented at 3000 a day): answers are kept a while, a signed parcel's much longer.
const MOVING_MS = 10 * 60_000;
const SIGNED_MS = 24 * 60 * 60_000;

/** Kdniao instant tracking: form POST of RequestData, EBusinessID, RequestType, DataSign, DataType=2; 5 s timeout. */
export class KdniaoLogisticsProvider implements LogisticsProvider {
  readonly name = 'kdniao' as const;
  private readonly moving = new TtlCache<string, TrackResult>(MOVING_MS, 5_000);
  private readonly signed = new TtlCache<string, TrackResult>(SIGNED_MS, 5_000);

  constructor(private readonly cfg: KdniaoConfig) {}

  async track(q: TrackQuery): Promise<TrackResult> {
    const key = `${q.shipperCode}:${q.logisticCode}`;
    const hit = this.signed.get(key) ?? this.moving.get(key);
    if (hit) return hit;

    const requestData = kdniaoRequestData(q);
    const body = new URLSearchParams({
      RequestData: requestData,
      EBusinessID: this.cfg.eBusinessId,
      RequestType: this.cfg.requestType,
      DataSign: kdniaoDataSign(requestData, this.cfg.appKey),
      DataType: '2',
    });
    let answer: KdniaoAnswer;
    try {
      const res = await fetch(this.cfg.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: body.toString(),
        signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 5_000),
      });
      if (!res.ok) return failure(q, `物流查询失败（HTTP ${res.status}）`);
      answer = (await res.json()) as KdniaoAnswer;
    } catch {
      return failure(q, '物流查询失败');
    }

    const result = toResult(q, answer);
    if (result.success) (result.state === 3 ? this.signed : this.moving).set(key, result);
    return result;
  }
}

function failure(q: TrackQuery, reason: string): TrackResult {
  return { success: false, logisticCode: q.logisticCode, shipperCode: q.shipperCode, state: 0, traces: [], reason };
}

function toResult(q: TrackQuery, a: KdniaoAnswer): TrackResult {
  const success = a.Success === true || a.Success === 'true';
  if (!success) return failure(q, a.Reason || '暂无轨迹信息');
  const n = Number(a.State);
  const state = (Number.isInteger(n) && n >= 0 && n <= 4 ? n : 0) as TrackState;
  const traces = (Array.isArray(a.Traces) ? a.Traces : [])
    .filter((t) => typeof t?.AcceptTime === 'string' && typeof t?.AcceptStation === 'string')
    .map((t) => ({ acceptTime: t.AcceptTime!, acceptStation: t.AcceptStation! }));
  return {
    success: true,
    logisticCode: a.LogisticCode || q.logisticCode,
    shipperCode: a.ShipperCode || q.shipperCode,
    state,
    traces,
    ...(a.Reason ? { reason: a.Reason } : {}),
  };
}
