import { createHash } from 'node:crypto';
import { fenToYuan, yuanToFen } from '@shop/contract/fen';

/**
 * WeChat Pay's trade and refund bills (reference §8.1): CSV, a header row, detail rows whose every field starts with a
 * backtick, then a summary header (总交易单数, …) and a summary row. Amounts are yuan with two decimals; read as fen
 * from the text, never through floats. Columns are found by their header names, so the ALL and REFUND layouts (the
 * refund bill adds 退款申请时间 and 退款成功时间) are read by the same code.
 */
export interface BillRow {
  /** 'YYYY-MM-DD HH:mm:ss' China time */
  tradeTime: string;
  transactionId: string;
  outTradeNo: string;
  /** SUCCESS for a payment; REFUND for a refund row; REVOKED … */
  tradeState: string;
  /** 订单金额: what the order asked (amount.total), fen */
  totalFen: number;
  refundId: string;
  outRefundNo: string;
  /** 申请退款金额 (or 退款金额), fen; 0 on a payment row */
  refundFen: number;
  /** SUCCESS / PROCESSING / … on a refund row; '' on a payment row */
  refundState: string;
}

export interface Bill {
  rows: BillRow[];
  /** The summary's 总交易单数 (the number of detail rows WeChat says it wrote). */
  count: number;
}

/** What the bill application (GET /v3/bill/tradebill) answers. */
export interface BillTicket {
  hash_type?: string;
  hash_value?: string;
  download_url?: string;
}

const TRADE_HEADER = [
  '交易时间', '公众账号ID', '商户号', '特约商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态', '付款银行',
  '货币种类', '应结订单金额', '代金券金额', '微信退款单号', '商户退款单号', '退款金额', '充值券退款金额', '退款类型', '退款状态', '商品名称',
  '商户数据包', '手续费', '费率', '订单金额', '申请退款金额', '费率备注',
];
const REFUND_HEADER = [
  '交易时间', '公众账号ID', '商户号', '特约商户号', '设备号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态', '付款银行',
  '货币种类', '应结订单金额', '代金券金额', '退款申请时间', '退款成功时间', '微信退款单号', '商户退款单号', '退款金额', '充值券退款金额', '退款类型',
  '退款状态', '商品名称', '商户数据包', '手续费', '费率', '订单金额', '申请退款金额', '费率备注',
];
const SUMMARY_HEADER = ['总交易单数', '应结订单总金额', '退款总金额', '充值券退款总金额', '手续费总金额', '订单总金额', '申请退款总金额'];

export const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

const unquote = (field: string) => field.trim().replace(/^`/, '');
const fen = (text: string | undefined) => (text ? yuanToFen(text) : 0);

export class BillFormatError extends Error {}

/** Parses a bill's text (after its hash was checked). Throws BillFormatError when it is not a bill. */
export function parseBill(text: string): Bill {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const need = ['交易时间', '微信订单号', '商户订单号', '交易状态', '订单金额'];
  if (need.some((n) => col(n) < 0)) throw new BillFormatError('bill header not recognised');
  const rows: BillRow[] = [];
  let count = -1;
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.startsWith('总交易单数')) {
      count = Number(unquote((lines[i + 1] ?? '').split(',')[0] ?? ''));
      break;
    }
    const f = line.split(',').map(unquote);
    const at = (name: string) => (col(name) >= 0 ? (f[col(name)] ?? '') : '');
    try {
      rows.push({
        tradeTime: at('交易时间'),
        transactionId: at('微信订单号'),
        outTradeNo: at('商户订单号'),
        tradeState: at('交易状态'),
        totalFen: fen(at('订单金额')),
        refundId: at('微信退款单号'),
        outRefundNo: at('商户退款单号'),
        refundFen: fen(at('申请退款金额') || at('退款金额')),
        refundState: at('退款状态'),
      });
    } catch (err) {
      throw new BillFormatError(`bill line ${i + 1}: ${String(err)}`);
    }
  }
  if (count < 0) throw new BillFormatError('bill summary missing');
  if (count !== rows.length) throw new BillFormatError(`bill says ${count} rows, has ${rows.length}`);
  return { rows, count };
}

/** A row of a bill as WeChat writes it (every field behind a backtick). */
export interface BillLine extends BillRow {
  appId: string;
  mchId: string;
  openId: string;
  description: string;
  refundAppliedAt?: string;
  refundSucceededAt?: string;
}

/** Writes a bill in WeChat's layout (the sandbox and the fake server): 'ALL' or 'REFUND'. */
export function writeBill(type: 'ALL' | 'REFUND', lines: BillLine[]): string {
  const y = (n: number) => fenToYuan(n);
  const body = lines.map((l) => {
    const refund = l.tradeState === 'REFUND';
    const common = [l.tradeTime, l.appId, l.mchId, '0', '', l.transactionId, l.outTradeNo, l.openId, 'JSAPI', l.tradeState, 'OTHERS', 'CNY', y(refund ? 0 : l.totalFen), '0.00'];
    const refundPart = [l.refundId, l.outRefundNo, y(l.refundFen), '0.00', refund ? 'ORIGINAL' : '', l.refundState];
    const tail = [l.description, '', '0.00000', '0.60%', y(l.totalFen), y(l.refundFen), ''];
    const fields = type === 'REFUND' ? [...common, l.refundAppliedAt ?? '', l.refundSucceededAt ?? '', ...refundPart, ...tail] : [...common, ...refundPart, ...tail];
    return fields.map((v) => `\`${v}`).join(',');
  });
  const paid = lines.filter((l) => l.tradeState !== 'REFUND').reduce((s, l) => s + l.totalFen, 0);
  const refunded = lines.reduce((s, l) => s + l.refundFen, 0);
  const summary = [String(lines.length), y(paid), y(refunded), '0.00', '0.00000', y(paid), y(refunded)].map((v) => `\`${v}`).join(',');
  return [(type === 'REFUND' ? REFUND_HEADER : TRADE_HEADER).join(','), ...body, SUMMARY_HEADER.join(','), summary, ''].join('\r\n');
}
