import { MONEY_HISTORY_MESSAGES as M, PAYOUT_IMPORT_MAX_ROWS, PAYOUT_RESULT_HEADERS as H } from '@shop/contract';
import { AppError } from '../../lib/errors.js';
import { csvRows, decodeText, xlsxRows } from './ship-file.js';

/** One data row of the bank's result file, as text; `row` is its number in the file (the header is row 1). */
export interface PayoutFileRow {
  row: number;
  code: string;
  status: string;
  reference: string;
  reason: string;
  /** The amount column as written ('' when the file has none). */
  amount: string;
}

const refuse = (message: string) => new AppError('VALIDATION', message);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads the bank's result file (ADR 0030): CSV (UTF-8 or GBK) or XLSX by content, a header row naming the columns in
 * any order (提现单号, 状态, 银行流水号; optional 失败原因 and 金额), at most PAYOUT_IMPORT_MAX_ROWS data rows. A
 * row's own mistakes are the import's to report.
 */
export async function readPayoutFile(file: { filename: string; data: Buffer } | undefined): Promise<PayoutFileRow[]> {
  if (!file || file.data.length === 0) throw refuse(file ? M.fileEmpty : M.fileRequired);
  const name = file.filename.toLowerCase();
  let table: string[][];
  if (file.data.subarray(0, 4).equals(ZIP)) {
    try {
      table = await xlsxRows(file.data);
    } catch {
      throw refuse(M.fileUnreadable);
    }
  } else if (/\.(csv|txt)$/.test(name) && !file.data.includes(0)) table = csvRows(decodeText(file.data));
  else throw refuse(M.fileType);

  const headerAt = table.findIndex((r) => r.some((c) => c !== ''));
  if (headerAt < 0) throw refuse(M.fileEmpty);
  const header = table[headerAt]!.map((c) => c.replace(/\s/g, ''));
  const col = (title: string) => header.findIndex((c) => c === title || c.startsWith(`${title}(`) || c.startsWith(`${title}（`));
  const at = { code: col(H.code), status: col(H.status), reference: col(H.reference), reason: col(H.reason), amount: col(H.amount) };
  if (at.code < 0 || at.status < 0 || at.reference < 0) throw refuse(M.fileHeaders);

  const rows: PayoutFileRow[] = [];
  table.forEach((cells, i) => {
    if (i <= headerAt || cells.every((c) => c === '')) return;
    const cell = (k: number) => (k < 0 ? '' : (cells[k] ?? '').trim());
    rows.push({ row: i + 1, code: cell(at.code).toUpperCase(), status: cell(at.status), reference: cell(at.reference), reason: cell(at.reason), amount: cell(at.amount) });
  });
  if (rows.length === 0) throw refuse(M.fileEmpty);
  if (rows.length > PAYOUT_IMPORT_MAX_ROWS) throw refuse(M.fileTooManyRows);
  return rows;
}
