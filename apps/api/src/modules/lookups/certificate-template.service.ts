import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { CODES_MESSAGES as M, UPLOAD_LIMITS, chinaTimeText, type CertFields } from '@shop/contract';
import type { Deps } from '../../deps.js';
import type { UploadedFile } from '../../lib/uploaded-file.js';
import { AppError } from '../../lib/errors.js';
import { iso } from '../../lib/clock.js';
import { recordAudit } from '../audit/audit.queries.js';
import { DEFAULT_CERT_FIELDS, renderCertificate, type CertificateTemplate } from './certificate.js';
import * as repo from './certificate-template.repository.js';
import type { StaffActor } from '../staff/staff.queries.js';

const SAMPLE = { agentName: '张三', gradeName: '金牌代理', code: 'A000001' };
const BACKGROUND_KEY = /^cert-bg-[0-9a-f-]{36}\.jpg$/;

interface TemplateInput {
  fields: CertFields;
  clearBackground: boolean;
}

/**
 * The authorization certificate's template (ADR 0022): a background image and where the values go. The public
 * certificate (lookups.service) and the console's preview both render through renderCertificate with it.
 */
export function createCertificateTemplates({ db, clock, providers }: Deps) {
  const k = db.kysely;
  const storage = providers.storage;

  /** The background as uploaded: checked by content (JPEG or PNG), re-encoded to a JPEG at most 1500 × 2100 without metadata. */
  async function backgroundOf(file: UploadedFile | undefined): Promise<Buffer | null> {
    if (!file) return null;
    if (file.data.length > UPLOAD_LIMITS.maxBytes) throw new AppError('VALIDATION', M.backgroundTooLarge);
    try {
      const meta = await sharp(file.data, { limitInputPixels: 40_000_000 }).metadata();
      if (meta.format !== 'jpeg' && meta.format !== 'png') throw new Error('format');
      return await sharp(file.data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width: 1500, height: 2100, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88 })
        .toBuffer();
    } catch {
      throw new AppError('VALIDATION', M.backgroundType);
    }
  }

  async function saved(platId: string) {
    const row = await repo.findTemplate(k, platId);
    const key = row && BACKGROUND_KEY.test(row.background_key) ? row.background_key : '';
    return {
      row,
      key,
      template: { background: key ? await storage.get(key) : null, fields: row ? (JSON.parse(row.fields) as CertFields) : DEFAULT_CERT_FIELDS },
    };
  }

  async function sample(template: CertificateTemplate): Promise<string> {
    const from = chinaTimeText(clock.now()).slice(0, 10);
    const to = `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`;
    return (await renderCertificate({ ...SAMPLE, validFrom: from, validTo: to }, template)).toString('base64');
  }

  async function answer(platId: string) {
    const { row, template } = await saved(platId);
    return {
      obj: {
        custom: !!row,
        hasBackground: !!template.background,
        fields: template.fields,
        previewBase64: await sample(template),
        updateDate: row ? chinaTimeText(row.updated_at) : '',
      },
    };
  }

  return {
    /** The template the public certificate uses, with a version for its cache (a save shows at once). */
    async forCertificates(platId: string): Promise<{ version: string; load: () => Promise<CertificateTemplate> }> {
      const row = await repo.findTemplate(k, platId);
      return { version: row?.updated_at ?? '', load: async () => (await saved(platId)).template };
    },

    select: answer,

    async preview(platId: string, input: TemplateInput, file: UploadedFile | undefined) {
      const current = await saved(platId);
      const background = (await backgroundOf(file)) ?? (input.clearBackground ? null : current.template.background);
      return { obj: { previewBase64: await sample({ background, fields: input.fields }) } };
    },

    async save(a: StaffActor, input: TemplateInput, file: UploadedFile | undefined) {
      const upload = await backgroundOf(file);
      const before = await saved(a.platId);
      let key = input.clearBackground ? '' : before.key;
      if (upload) {
        key = `cert-bg-${randomUUID()}.jpg`;
        await storage.put(key, upload);
      }
      const at = iso(clock.now());
      await k.transaction().execute(async (trx) => {
        await repo.upsertTemplate(trx, { plat_id: a.platId, background_key: key, fields: JSON.stringify(input.fields), updated_by: a.staffId, updated_at: at });
        await recordAudit(trx, {
          platId: a.platId,
          staffId: a.staffId,
          staffName: a.staffName,
          role: a.role,
          ip: a.ip,
          at,
          operation: 'saveCertificateTemplate',
          targetKind: 'certificate_template',
          targetId: 0,
          before: before.row ? `背景:${before.key ? '自定义' : '默认'} 位置:${before.row.fields}` : '默认模板',
          after: `背景:${key ? '自定义' : '默认'} 位置:${JSON.stringify(input.fields)}`,
          detail: upload ? '上传了新背景' : '',
        });
      });
      return answer(a.platId);
    },
  };
}
export type CertificateTemplates = ReturnType<typeof createCertificateTemplates>;
