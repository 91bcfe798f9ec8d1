import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CODE_TYPE_TEXT } from '@shop/contract';

/** The public page a code's QR opens: /check for anti-counterfeit codes, /traceaSel for trace codes (spec 3 §4 'code='). */
export const lookupUrl = (origin: string, codeType: number, code: string) =>
  `${origin}${codeType === 1 ? '/traceaSel' : '/check'}?code=${encodeURIComponent(code)}`;

/** A CSV cell: quoted when needed, and text that a spreadsheet would run as a formula is defused. */
function cell(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface SheetInfo {
  origin: string;
  codeType: number;
  prodName: string;
  specDispStr: string;
}

/** CSV with a BOM (Excel opens UTF-8 Chinese correctly only with it). */
export function codesCsv(info: SheetInfo, codes: string[]): Buffer {
  const kind = CODE_TYPE_TEXT[info.codeType] ?? '';
  const lines = ['序号,码,类型,商品,规格,查询链接'];
  codes.forEach((c, i) => lines.push([i + 1, c, kind, info.prodName, info.specDispStr, lookupUrl(info.origin, info.codeType, c)].map(cell).join(',')));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const COLS = 5;
const ROWS = 7;
const MARGIN = 36;
/** A4 in points. */
const PAGE_W = 595.28;
const PAGE_H = 841.89;

/** One QR drawn as vector rectangles (a run of dark modules in a row is one rectangle): sharp at any print size. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const m = size / (n + quiet * 2);
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      doc.rect(x + (start + quiet) * m, y + (r + quiet) * m, (c - start) * m + 0.01, m + 0.01);
    }
  }
  doc.fill('#000000');
}

/**
 * A printable A4 sheet: 5 × 7 QR codes a page, each with its code below (labels to cut apart). The header is plain
 * ASCII, so the file needs no embedded CJK font.
 */
export function codesPdf(info: SheetInfo & { batchId: number }, codes: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Code batch ${info.batchId}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cellW = (PAGE_W - MARGIN * 2) / COLS;
  const top = MARGIN + 18;
  const cellH = (PAGE_H - top - MARGIN) / ROWS;
  const qrSize = Math.min(cellW, cellH - 14) - 6;
  const perPage = COLS * ROWS;
  const pages = Math.ceil(codes.length / perPage);
  codes.forEach((code, i) => {
    const k = i % perPage;
    if (k === 0) {
      if (i > 0) doc.addPage();
      const kind = info.codeType === 1 ? 'Trace codes' : 'Anti-counterfeit codes';
      doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`${kind} - batch ${info.batchId} - page ${i / perPage + 1} of ${pages}`, MARGIN, MARGIN, { lineBreak: false });
    }
    const x = MARGIN + (k % COLS) * cellW;
    const y = top + Math.floor(k / COLS) * cellH;
    drawQr(doc, lookupUrl(info.origin, info.codeType, code), x + (cellW - qrSize) / 2, y, qrSize);
    doc.font('Courier').fontSize(8).fillColor('#000000').text(code, x, y + qrSize + 2, { width: cellW, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}
