import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The legacy wire: `platId=<id>&in=<JSON>` form bodies by default; JSON bodies are accepted too
 * (either the payload itself or `{ platId, in }`).
 */
export function decodeBody(req: FastifyRequest): { payload: Record<string, unknown>; platId: string | null } {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const platId = typeof body.platId === 'string' && body.platId ? body.platId : null;
  const inField = body.in;
  if (typeof inField === 'string') {
    let parsed: unknown;
    try {
      parsed = inField.trim() === '' ? {} : JSON.parse(inField);
    } catch {
      throw new AppError('VALIDATION');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new AppError('VALIDATION');
    return { payload: parsed as Record<string, unknown>, platId };
  }
  if (typeof inField === 'object' && inField !== null && !Array.isArray(inField)) {
    return { payload: inField as Record<string, unknown>, platId };
  }
  return { payload: body, platId };
}
