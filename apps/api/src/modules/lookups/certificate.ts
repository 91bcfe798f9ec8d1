import sharp from 'sharp';
import type { CertFields } from '@shop/contract';

export interface CertificateText {
  agentName: string;
  gradeName: string;
  code: string;
  /** China dates 'YYYY-MM-DD'. */
  validFrom: string;
  validTo: string;
}

const W = 750;
const H = 1050;
const FONT = "'Noto Sans CJK SC','Noto Serif CJK SC','WenQuanYi Zen Hei','Source Han Sans SC',sans-serif";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The certificate template's background, drawn by code: a gold frame, a guilloche-like band and a seal. */
function background(): string {
  const rings = Array.from({ length: 14 }, (_, i) => `<circle cx="${W / 2}" cy="130" r="${40 + i * 28}" fill="none" stroke="#e8d3a0" stroke-width="1" opacity="${0.6 - i * 0.035}"/>`).join('');
  return `
  <defs>
    <linearGradient id="paper" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#fbeed3"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#b8862b"/><stop offset="0.5" stop-color="#f1d38a"/><stop offset="1" stop-color="#a8741c"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#paper)"/>
  ${rings}
  <rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="url(#gold)" stroke-width="10"/>
  <rect x="46" y="46" width="${W - 92}" height="${H - 92}" fill="none" stroke="#c9a14a" stroke-width="2" stroke-dasharray="10 6"/>
  <circle cx="${W - 170}" cy="${H - 170}" r="80" fill="none" stroke="#c0392b" stroke-width="6" opacity="0.85"/>
  <circle cx="${W - 170}" cy="${H - 170}" r="68" fill="none" stroke="#c0392b" stroke-width="2" opacity="0.85"/>
  <text x="${W - 170}" y="${H - 162}" font-family="${FONT}" font-size="24" fill="#c0392b" text-anchor="middle" opacity="0.85">授权专用章</text>`;
}

/** Where each value is drawn: the name centred on x, the others starting at x; y is the text's baseline. */
export const DEFAULT_CERT_FIELDS: CertFields = {
  agentName: { x: W / 2, y: 420, size: 52 },
  gradeName: { x: 280, y: 590, size: 32 },
  code: { x: 280, y: 670, size: 32 },
  validity: { x: 280, y: 750, size: 32 },
};

/** The built-in design's fixed text: title, wording and the labels beside the values' default places. */
function builtInText(): string {
  const label = (y: number, text: string) =>
    `<text x="110" y="${y}" font-family="${FONT}" font-size="30" fill="#6b4e16">${text}</text>` +
    `<line x1="280" y1="${y + 14}" x2="${W - 110}" y2="${y + 14}" stroke="#d9bf7f" stroke-width="1"/>`;
  return `
  <text x="${W / 2}" y="190" font-family="${FONT}" font-size="64" fill="#8a5a12" text-anchor="middle" font-weight="bold" letter-spacing="12">授权证书</text>
  <text x="${W / 2}" y="240" font-family="${FONT}" font-size="22" fill="#a07a32" text-anchor="middle" letter-spacing="6">CERTIFICATE OF AUTHORIZATION</text>
  <text x="110" y="340" font-family="${FONT}" font-size="28" fill="#4a3a1a">兹授权</text>
  <text x="110" y="490" font-family="${FONT}" font-size="28" fill="#4a3a1a">为本公司授权代理商，特发此证。</text>
  ${label(590, '代理级别')}${label(670, '授权编号')}${label(750, '有效期限')}`;
}

function values(t: CertificateText, f: CertFields): string {
  const text = (p: { x: number; y: number; size: number }, value: string, anchor = 'start') =>
    `<text x="${p.x}" y="${p.y}" font-family="${FONT}" font-size="${p.size}" fill="#2b2b2b" text-anchor="${anchor}" font-weight="bold">${escapeXml(value)}</text>`;
  return (
    text(f.agentName, t.agentName, 'middle') +
    text(f.gradeName, t.gradeName) +
    text(f.code, t.code) +
    text(f.validity, `${t.validFrom} 至 ${t.validTo}`)
  );
}

/** The certificate's template (ADR 0022): an uploaded background (JPEG, any size) or the built-in one. */
export interface CertificateTemplate {
  background: Buffer | null;
  fields: CertFields;
}

/**
 * The certificate as a PNG (ADR 0018), from the platform's template: the public certificate and the console's
 * preview both come through here, so the preview is what agents will see.
 */
export async function renderCertificate(t: CertificateText, template: CertificateTemplate = { background: null, fields: DEFAULT_CERT_FIELDS }): Promise<Buffer> {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`;
  if (!template.background) {
    return sharp(Buffer.from(`${open}${background()}${builtInText()}${values(t, template.fields)}</svg>`)).png({ compressionLevel: 9 }).toBuffer();
  }
  const overlay = Buffer.from(`${open}${values(t, template.fields)}</svg>`);
  return sharp(template.background, { limitInputPixels: 40_000_000 })
    .resize({ width: W, height: H, fit: 'cover' })
    .composite([{ input: overlay, top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
