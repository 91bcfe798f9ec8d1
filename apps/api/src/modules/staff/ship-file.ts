import ExcelJS from 'exceljs';
import { BATCH_SHIP_HEADERS as H, BATCH_SHIP_MAX_ROWS, CONSOLE_ORDER_MESSAGES as M } from '@shop/contract';
import { AppError } from '../../lib/errors.js';

/** One data row of a batch shipping file, as text; `row` is its number in the file (the header is row 1). */
export interface ShipFileRow {
  row: number;
  orderCode: string;
  shipperCode: string;
  waybillCode: string;
  logisticsName: string;
}

const refuse = (message: string) => new AppError('VALIDATION', message);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A cell as the text a person sees: whole numbers without exponent (a waybill typed as a number), rich text joined. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  // A waybill or order code typed as a number: its digits (no exponent); anything else is not a code and stays as
  // typed, so the row is refused by the code checks with its own message.
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'string') return v.trim();
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (o.richText) return o.richText.map((t) => t.text).join('').trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return String(v).trim();
}

export async function xlsxRows(data: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuse(M.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[n - 1] = values.map(cellText);
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Text as Excel on a Chinese Windows saves CSV (GBK) or as everything else does (UTF-8, maybe with a BOM). */
export function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gbk').decode(data);
  }
}

/** RFC 4180: quoted fields may hold the separator, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = !firstLine.includes(',') && firstLine.includes('\t') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field.trim()]);
  return rows;
}

/**
 * Reads the uploaded batch shipping file: CSV or XLSX by content, a header row naming the columns (in any order), at
 * most BATCH_SHIP_MAX_ROWS data rows. Blank rows are skipped; a row's own mistakes are the flow's to report.
 */
export async function readShipFile(file: { filename: string; data: Buffer } | undefined): Promise<ShipFileRow[]> {
  if (!file || file.data.length === 0) throw refuse(file ? M.fileEmpty : M.fileRequired);
  const name = file.filename.toLowerCase();
  let table: string[][];
  if (file.data.subarray(0, 4).equals(ZIP)) table = await xlsxRows(file.data);
  else if (/\.(csv|txt)$/.test(name) && !file.data.includes(0)) table = csvRows(decodeText(file.data));
  else throw refuse(M.fileType);

  const headerAt = table.findIndex((r) => r.some((c) => c !== ''));
  if (headerAt < 0) throw refuse(M.fileEmpty);
  const header = table[headerAt]!.map((c) => c.replace(/\s/g, ''));
  const col = (title: string) => header.findIndex((c) => c === title || c.startsWith(`${title}(`) || c.startsWith(`${title}（`));
  const at = { orderCode: col(H.orderCode), shipperCode: col(H.shipperCode), waybillCode: col(H.waybillCode), logisticsName: col(H.logisticsName) };
  if (at.orderCode < 0 || at.shipperCode < 0 || at.waybillCode < 0) throw refuse(M.fileHeaders);

  const rows: ShipFileRow[] = [];
  table.forEach((cells, i) => {
    if (i <= headerAt || cells.every((c) => c === '')) return;
    const cell = (k: number) => (k < 0 ? '' : (cells[k] ?? ''));
    rows.push({ row: i + 1, orderCode: cell(at.orderCode), shipperCode: cell(at.shipperCode), waybillCode: cell(at.waybillCode), logisticsName: cell(at.logisticsName) });
  });
  if (rows.length === 0) throw refuse(M.fileEmpty);
  if (rows.length > BATCH_SHIP_MAX_ROWS) throw refuse(M.fileTooManyRows);
  return rows;
}
