import { Image, Space, Tag, Typography, type TableColumnType } from 'antd';

/** Columns the four money queues share: who, how much, how paid, into which account, the vouchers, when. */

interface Agent {
  agentName: string;
  agentPhone: string;
  agentCode: string;
}

export const yuan = (v: string) => `¥${v}`;

export function agentColumn<R extends Agent>(): TableColumnType<R> {
  return {
    title: '代理商',
    key: 'agent',
    fixed: 'left',
    width: 150,
    render: (_, r) => (
      <Space orientation="vertical" size={0}>
        <Typography.Text strong>{r.agentName || '（未填写姓名）'}</Typography.Text>
        <Typography.Text type="secondary">{r.agentPhone}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.agentCode}
        </Typography.Text>
      </Space>
    ),
  };
}

export function moneyColumn<R>(title: string, key: keyof R & string, strong = false): TableColumnType<R> {
  return {
    title,
    dataIndex: key,
    key,
    align: 'right',
    width: 120,
    render: (v: string) => (strong ? <Typography.Text strong>{yuan(v)}</Typography.Text> : yuan(v)),
  };
}

export function timeColumn<R extends { createDate: string }>(): TableColumnType<R> {
  return { title: '提交时间', dataIndex: 'createDate', key: 'createDate', width: 170 };
}

const PAY_TYPES: Record<number, { text: string; color: string }> = {
  1: { text: '线下转账', color: 'blue' },
  2: { text: '微信支付', color: 'green' },
  3: { text: '总分支付', color: 'gold' },
};

export function payTypeColumn<R extends { payType: number; paySerial: string | null }>(): TableColumnType<R> {
  return {
    title: '支付方式',
    key: 'payType',
    width: 130,
    render: (_, r) => {
      const t = PAY_TYPES[r.payType] ?? { text: `方式${r.payType}`, color: 'default' };
      return (
        <Space orientation="vertical" size={0}>
          <Tag color={t.color}>{t.text}</Tag>
          {r.paySerial && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.paySerial}</Typography.Text>}
        </Space>
      );
    },
  };
}

interface Receiving {
  receiveBankName: string;
  receiveSubBankName: string;
  receiveAccountName: string;
  receiveAccountNumber: string;
}

export function receivingColumn<R extends Receiving>(title: string): TableColumnType<R> {
  return {
    title,
    key: 'receiving',
    width: 220,
    render: (_, r) =>
      r.receiveAccountNumber ? (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.receiveAccountName}</Typography.Text>
          <Typography.Text copyable>{r.receiveAccountNumber}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.receiveBankName, r.receiveSubBankName].filter(Boolean).join(' ')}
          </Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  };
}

export function remitColumn<R extends { remitAccountName: string; remitAccountNumber: string }>(): TableColumnType<R> {
  return {
    title: '打款账户',
    key: 'remit',
    width: 170,
    render: (_, r) =>
      r.remitAccountNumber || r.remitAccountName ? (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.remitAccountName}</Typography.Text>
          <Typography.Text type="secondary">{r.remitAccountNumber}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  };
}

/** The voucher images (signed links joined by commas), previewed together. */
export function Vouchers({ urls }: { urls: string }) {
  const list = urls.split(',').filter(Boolean);
  if (list.length === 0) return <Typography.Text type="secondary">无凭证</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {list.map((src, i) => (
          <Image key={src} src={src} width={48} height={48} style={{ objectFit: 'cover' }} alt={`打款凭证${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

export function voucherColumn<R extends { voucherImgUrl: string }>(): TableColumnType<R> {
  return { title: '打款凭证', key: 'voucher', width: 130, render: (_, r) => <Vouchers urls={r.voucherImgUrl} /> };
}

export function remarkColumn<R extends { remark: string }>(): TableColumnType<R> {
  return { title: '备注', dataIndex: 'remark', key: 'remark', width: 160, ellipsis: true, render: (v: string) => v || '—' };
}
