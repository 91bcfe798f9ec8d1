import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstMessage, OPEN_BEFORE_NEW_PASSWORD, operations, type Operation } from '@shop/contract';
import type { Deps } from '../deps.js';
import { decodeBody } from './body.js';
import type { CallContext, Handler, Handlers } from './context.js';
import { success } from './envelope.js';
import { AppError, HttpError } from '../lib/errors.js';
import { markStarted } from './error-handler.js';
import type { Callers } from './auth.js';

/** Per-address limits on the calls that cost money or guard accounts (ASVS 6.1.1, 2.4.1). */
const PER_ADDRESS_LIMITS: Record<string, { max: number; timeWindow: number }> = {
  newLogin: { max: 20, timeWindow: 60_000 },
  sendSMSCode: { max: 10, timeWindow: 60_000 },
  consumerSendSmsCode: { max: 10, timeWindow: 60_000 },
  consumerLogin: { max: 30, timeWindow: 60_000 },
  editPassword: { max: 20, timeWindow: 60_000 },
  submitApplications: { max: 20, timeWindow: 60_000 },
  staffLogin: { max: 20, timeWindow: 60_000 },
};

const answered = new WeakMap<object, string>();

/**
 * The modules' handler groups as one map by operation name. Two groups answering the same operation is a wiring
 * mistake (the later one silently won when the groups were spread together): it stops the start.
 */
export function mergeHandlers(groups: Handlers[]): Map<string, Handler> {
  const merged = new Map<string, Handler>();
  for (const group of groups) {
    for (const [name, handler] of Object.entries(group) as [string, Handler | undefined][]) {
      if (!handler) continue;
      if (merged.has(name)) throw new Error(`two handlers for operation ${name}`);
      merged.set(name, handler);
    }
  }
  return merged;
}

/** One route per contract operation: decode, authenticate, validate, call the handler, answer the envelope. */
export function registerOperations(
  app: FastifyInstance,
  deps: Deps,
  groups: Handlers[],
  callers: Callers,
) {
  const handlers = mergeHandlers(groups);
  const known = new Set(operations.map((op) => op.name));
  for (const name of handlers.keys()) if (!known.has(name)) throw new Error(`handler for no contract operation: ${name}`);
  const unlisted = callers.gate.unlisted(operations.filter((op) => op.auth === 'staff').map((op) => op.name));
  if (unlisted.length) throw new Error(`staff operations missing from the permission table: ${unlisted.join(', ')}`);
  for (const op of operations) {
    const handler = handlers.get(op.name);
    if (!handler) throw new Error(`no handler for operation ${op.name}`);
    const base = PER_ADDRESS_LIMITS[op.name];
    const limit = base && { ...base, max: base.max * deps.config.rateLimitScale };
    app.post(op.path, { config: limit ? { rateLimit: limit } : { rateLimit: false } }, async (req, reply) => {
      markStarted(req);
      const { payload, platId, files } = decodeBody(req);
      const ctx = { ...(await context(req, op, deps, callers, platId)), files };
      const parsed = op.input.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION', firstMessage(parsed.error));
      const result = await handler(parsed.data, ctx);
      // A handler that answers a cached object gets its envelope from here too: parsed and serialised once.
      let body = answered.get(result);
      if (body === undefined) {
        const { msg, ...fields } = result;
        body = JSON.stringify(success(op.output.parse(fields) as Record<string, unknown>, msg ?? op.successMsg));
        answered.set(result, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}

async function context(
  req: FastifyRequest,
  op: Operation,
  deps: Deps,
  { sessions, staff, gate, consumers }: Callers,
  bodyPlatId: string | null,
): Promise<Omit<CallContext, 'files'>> {
  const raw = req.headers.accesstoken;
  const token = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  const base = {
    ip: req.ip,
    origin: `${req.protocol}://${req.host}`,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255),
    platId: bodyPlatId ?? deps.config.platId,
    agentId: null,
    tokenHash: null,
    staffId: null,
    staffRole: null,
  };
  if (op.auth === 'staff') {
    // Staff sessions are separate: only the staffToken header counts here, never an agent's accessToken.
    const rawStaff = req.headers.stafftoken;
    const staffToken = typeof rawStaff === 'string' && rawStaff.trim() ? rawStaff.trim() : null;
    if (!staffToken) throw new HttpError(401, 'UNAUTHENTICATED');
    const s = await staff.resolve(staffToken);
    // The one permission table (ADR 0020), before the input is even read: a refused call changes nothing.
    if (!gate.mayCall(s.role, op.name)) throw new AppError('FORBIDDEN');
    if (s.secondFactorMissing && !gate.allowedBeforeSecondFactor(op.name)) throw new AppError('TOTP_ENROL_REQUIRED');
    return { ...base, platId: s.platId, tokenHash: s.tokenHash, staffId: s.staffId, staffRole: s.role };
  }
  if (op.auth === 'consumer') {
    // A store's consumer (ADR 0038): only the consumerToken header counts, never an agent's or a staff token.
    const rawConsumer = req.headers.consumertoken;
    const consumerToken = typeof rawConsumer === 'string' && rawConsumer.trim() ? rawConsumer.trim() : null;
    if (!consumerToken || !consumers) throw new HttpError(401, 'UNAUTHENTICATED');
    const c = await consumers.resolve(consumerToken);
    return { ...base, platId: c.platId, consumerId: c.consumerId };
  }
  if (op.auth === 'public' || (op.auth === 'optional' && !token)) return base;
  if (!token) throw new HttpError(401, 'UNAUTHENTICATED');
  // ADR 0024: a one-time password's session may only set a new password (resolve refuses the rest).
  const session = await sessions.resolve(token, OPEN_BEFORE_NEW_PASSWORD.includes(op.name));
  return { ...base, agentId: session.agentId, platId: session.platId, tokenHash: session.tokenHash };
}
