import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from '../lib/uploaded-file.js';
import { AppError } from '../lib/errors.js';
import { assertInputBounds } from '../lib/input-bounds.js';

/**
 * The legacy wire: `platId=<id>&in=<JSON>` form bodies by default; JSON bodies are accepted too
 * (either the payload itself or `{ platId, in }`); multipart bodies carry the same fields plus files 0, 1, ...
 */
export function decodeBody(req: FastifyRequest): { payload: Record<string, unknown>; platId: string | null; files: UploadedFile[] } {
  const decoded = decodeFields(req);
  // No NUL, no nesting or size beyond any form (ADR 0002, input bounds): the same check as chat socket frames.
  assertInputBounds(decoded.payload, decoded.platId, decoded.files.map((f) => f.filename));
  return decoded;
}

function decodeFields(req: FastifyRequest): { payload: Record<string, unknown>; platId: string | null; files: UploadedFile[] } {
  const { files, fields: body } = splitFiles((req.body ?? {}) as Record<string, unknown>);
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
    return { payload: parsed as Record<string, unknown>, platId, files };
  }
  if (typeof inField === 'object' && inField !== null && !Array.isArray(inField)) {
    return { payload: inField as Record<string, unknown>, platId, files };
  }
  return { payload: body, platId, files };
}

/** Multipart file parts arrive (see app.ts `onFile`) as { filename, data }; every other field is plain. */
function splitFiles(body: Record<string, unknown>) {
  const files: UploadedFile[] = [];
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value && typeof value === 'object' && Buffer.isBuffer((value as { data?: unknown }).data)) {
      files.push({ field, ...(value as { filename: string; data: Buffer }) });
    } else fields[field] = value;
  }
  files.sort((a, b) => Number(a.field) - Number(b.field));
  return { files, fields };
}
