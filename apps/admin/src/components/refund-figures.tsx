import { Descriptions, Typography } from 'antd';
import type { OrderRefundRecord } from '@shop/contract/order-refunds';

const yuan = (v: string) => `¥${v}`;

/** The figures of an order refund, as a preview or a record carries them (ADR 0034). */
export type RefundFigures = Omit<OrderRefundRecord, 'id' | 'refundCode' | 'reason' | 'staffName' | 'createDate' | 'wechatState' | 'wechatStateText' | 'payoutState' | 'payoutStateText'>;

/**
 * What a refund gives back and takes back, as the server computed it (ADR 0034); used by the order drawer's refund and
 * by after-sales (ADR 0036), which passes `stockText` when a return's stock already came back at the warehouse's receipt.
 */
export function RefundFiguresView({ f, stockText }: { f: RefundFigures; stockText?: string }) {
  const items = [
    { key: 'amount', label: '退款合计', children: <Typography.Text strong>{yuan(f.amount)}</Typography.Text> },
    { key: 'kind', label: '类型', children: f.isFull ? '全部退款（订单将变为全部退款）' : '部分退款' },
    { key: 'store', label: '退回货款', children: yuan(f.storeAmount) },
    { key: 'income', label: '退回总分', children: yuan(f.incomeAmount) },
    { key: 'wechat', label: '微信原路退回', children: yuan(f.wechatAmount) },
    { key: 'offline', label: '线下打款（财务待打款）', children: yuan(f.offlineAmount) },
    { key: 'points', label: '退回积分', children: f.points },
    { key: 'gift', label: '收回赠送积分', children: f.giftPointsShort > 0 ? `${f.giftPointsTaken}（不足 ${f.giftPointsShort} 未能收回）` : f.giftPointsTaken },
    { key: 'cancel', label: '作废冻结收益', children: yuan(f.incomeCancelled) },
    { key: 'claw', label: '追回已发收益', children: f.incomeDebt !== '0.00' ? `${yuan(f.incomeClawed)}（欠款 ${yuan(f.incomeDebt)}）` : yuan(f.incomeClawed) },
    { key: 'stock', label: '库存', children: stockText ?? (f.stockReturned ? '退回库存' : '已发货，库存不退回') },
  ];
  return <Descriptions size="small" bordered column={2} items={items} />;
}
