import { LOOKUP_MESSAGES as M, chinaTimeText, maskPhone, reviewMessage } from '@shop/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { keyedHash, sameHash } from '../../lib/secrets.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { findLookupById, findLookupByPhone, type AgentLookupRow } from '../agent/agent.queries.js';
import { findSingleWithProduct } from '../catalog/catalog.queries.js';
import { renderCertificate } from './certificate.js';
import type { CertificateTemplates } from './certificate-template.service.js';
import type { LookupGuard } from './lookup-guard.js';
import * as repo from './lookups.repository.js';

export const CERT_PATH = '/api/trace/certificate/';

const notFound = (message: string) => new AppError('RECORD_NOT_FOUND', message);
/** An article number derived from the spec id: the catalog has no separate one. */
const artNum = (singleProdId: number) => `SP${String(singleProdId).padStart(6, '0')}`;

/** The certificate is valid for a year from the agent's start, renewed each year: the current year of it. */
function validity(createdAt: string, now: Date): { validFrom: string; validTo: string } {
  const start = new Date(createdAt);
  const from = new Date(start);
  from.setUTCFullYear(now.getUTCFullYear());
  if (from > now) from.setUTCFullYear(now.getUTCFullYear() - 1);
  if (from < start) from.setTime(start.getTime());
  const to = new Date(from);
  to.setUTCFullYear(from.getUTCFullYear() + 1);
  return { validFrom: chinaTimeText(from).slice(0, 10), validTo: chinaTimeText(to).slice(0, 10) };
}

/** Public lookups (spec 3 §2, §5, §7): no login; the guard limits each address; phones leave masked. */
export function createLookupsService({ db, clock, config }: Deps, guard: LookupGuard, templates: Pick<CertificateTemplates, 'forCertificates'>) {
  const k = db.kysely;
  const certSig = (agentId: number) => keyedHash(config.hashSecret, `cert:${agentId}`).slice(0, 32);
  const certificates = new TtlCache<string, Buffer>(10 * 60_000, 200);
  const authorized = (a: AgentLookupRow | undefined) => (a && a.is_active === 1 && a.agent_status === 1 ? a : undefined);

  async function product(singleProdId: number) {
    const p = await findSingleWithProduct(k, singleProdId);
    if (!p) throw new AppError('RECORD_NOT_FOUND');
    return p;
  }

  return {
    async trace(platId: string, ip: string, code: string) {
      await guard.enter(ip);
      const row = code ? await repo.findTrace(k, platId, code) : undefined;
      if (!row) {
        await guard.missed(ip);
        throw notFound(M.traceNotFound);
      }
      const p = await product(Number(row.single_prod_id));
      const owner = row.agent_type !== 0 && row.agent_id ? await findLookupById(k, Number(row.agent_id)) : undefined;
      return {
        traceCode: row.trace_code,
        prodBaseInfo: { prodName: p.prod_name, price: Number(p.price) },
        prodSingleProduct: { artNum: artNum(Number(p.id)), imgUrl: p.img_url || p.main_img_url },
        ascriptionType: row.ascription_type,
        agentType: row.agent_type,
        agentBaseInfoBo: owner
          ? { agentName: owner.agent_name, phone: maskPhone(owner.phone), agentGradeInfo: { gradeName: owner.grade_name } }
          : { agentName: '总部', phone: '', agentGradeInfo: { gradeName: '' } },
        ascriptionCusName: row.cus_name,
        ascriptionCusPhone: row.cus_phone ? maskPhone(row.cus_phone) : '',
        ascriptionCusGradeName: row.cus_grade_name,
      };
    },

    /** Every query is recorded; the answer says how many there were and since when (a copied code's warning). */
    async review(platId: string, ip: string, code: string) {
      await guard.enter(ip);
      const row = code ? await repo.findReviewCode(k, platId, code) : undefined;
      if (!row) {
        await guard.missed(ip);
        throw notFound(M.reviewWrong);
      }
      await repo.recordQuery(k, Number(row.id), iso(clock.now()));
      const queries = await repo.queriesOf(k, Number(row.id));
      const p = await product(Number(row.single_prod_id));
      const firstSelDate = chinaTimeText(queries[0]!.queried_at);
      return {
        obj: { reviewCode: row.review_code, prodName: p.prod_name, selCount: queries.length, firstSelDate },
        objs: queries.map((q) => ({ reviewSelDate: chinaTimeText(q.queried_at) })),
        msg: reviewMessage(queries.length, firstSelDate),
      };
    },

    async authorization(platId: string, ip: string, phone: string) {
      await guard.enter(ip);
      const a = authorized(await findLookupByPhone(k, platId, phone));
      if (!a) {
        await guard.missed(ip);
        throw notFound(M.agentNotFound);
      }
      const id = Number(a.id);
      const v = validity(a.created_at, clock.now());
      return {
        privilegedCode: a.agent_code,
        agentName: a.agent_name,
        phone: maskPhone(a.phone),
        agentGradeInfo: { gradeName: a.grade_name },
        wxNumber: a.wx_number,
        introduceAgent: { agentName: a.up_name ?? '' },
        agentCertTemplateInfoBo: { backImgUrlNew: `${CERT_PATH}${id}.png?s=${certSig(id)}`, ...v },
      };
    },

    /** The PNG behind a certificate link; null for a link the server did not make or an agent no longer authorized. */
    async certificate(agentId: number, sig: string): Promise<Buffer | null> {
      if (!sameHash(sig, certSig(agentId))) return null;
      const a = authorized(await findLookupById(k, agentId));
      if (!a) return null;
      const v = validity(a.created_at, clock.now());
      // The platform's template (ADR 0022); its version is in the key, so a saved template shows at once.
      const { version, load } = await templates.forCertificates(a.plat_id);
      const key = [agentId, a.agent_name, a.grade_name, a.agent_code, v.validFrom, version].join('|');
      return certificates.getOrLoad(key, async () => renderCertificate({ agentName: a.agent_name, gradeName: a.grade_name, code: a.agent_code, ...v }, await load()));
    },
  };
}
export type LookupsService = ReturnType<typeof createLookupsService>;
