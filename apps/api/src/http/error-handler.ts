import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WIRE_MESSAGES } from '@shop/contract';
import { failure } from './envelope.js';
import { AppError, HttpError } from '../lib/errors.js';

/** Requests whose operation handler has started: an error from then on is not the body's fault. */
const started = new WeakSet<FastifyRequest>();
export const markStarted = (req: FastifyRequest) => started.add(req);

const isMultipart = (req: FastifyRequest) => /^multipart\//i.test(String(req.headers['content-type'] ?? ''));

/**
 * The one error path (CONVENTIONS 4): refusals become our envelope with their Chinese message, 5xx hide their text.
 * A multipart body that busboy cannot read (no boundary, a part cut off) fails before the handler with a bare Error:
 * that is the client's body, not a server fault.
 */
export function errorHandler(log: { error: (o: object, m: string) => void }) {
  return (err: FastifyError | AppError | HttpError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) return reply.status(err.statusCode).send(failure(err.code));
    if (err instanceof AppError) return reply.status(200).send(failure(err.code, err.message));
    const fe = err as FastifyError;
    if (fe.statusCode === 429) return reply.status(200).send(failure('RATE_LIMITED'));
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(200).send(failure('FILE_TOO_LARGE'));
    if (fe.code === 'FST_FILES_LIMIT') return reply.status(200).send(failure('TOO_MANY_FILES'));
    if (isMultipart(req) && !started.has(req) && (fe.statusCode === undefined || fe.statusCode < 500)) {
      return reply.status(200).send(failure('VALIDATION', WIRE_MESSAGES.malformedMultipart));
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(200).send(failure('VALIDATION'));
    log.error({ err, url: req.url.split('?')[0] }, 'unhandled error');
    return reply.status(500).send(failure('SERVER_ERROR'));
  };
}

export function useErrorHandler(app: FastifyInstance, log: Parameters<typeof errorHandler>[0]) {
  app.setErrorHandler(errorHandler(log));
}
