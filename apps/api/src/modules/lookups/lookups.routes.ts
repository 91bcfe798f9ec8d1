import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/context.js';
import { CERT_PATH, type LookupsService } from './lookups.service.js';

export function lookupsHandlers(lookups: LookupsService): Handlers {
  return {
    searchDataByTraceCode: async (input, ctx) => ({ obj: await lookups.trace(ctx.platId, ctx.ip, input.traceCode) }),
    selectTraceReviewSelRecord: (input, ctx) => lookups.review(ctx.platId, ctx.ip, input.reviewCode),
    selectAgentAuthorizedInfo: async (input, ctx) => ({ obj: await lookups.authorization(ctx.platId, ctx.ip, input.phone) }),
  };
}

const NAME = /^(\d{1,12})\.png$/;

/** GET of a certificate PNG: only through the signed link an authorization answer carries. */
export function registerCertificateReads(app: FastifyInstance, lookups: LookupsService) {
  app.get(`${CERT_PATH}:name`, async (req, reply) => {
    const m = NAME.exec((req.params as { name: string }).name);
    const sig = String((req.query as Record<string, unknown>).s ?? '');
    const png = m ? await lookups.certificate(Number(m[1]), sig) : null;
    if (!png) return reply.status(404).send({ message: 'not found' });
    return reply
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .send(png);
  });
}
