import { useState, type CSSProperties } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { importPayoutResults, PAYOUT_RESULT_HEADERS as H, type PayoutImportRow } from '@shop/contract/money-history';
import { useFileImport } from '../../components/use-file-import.js';

const OK = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const BACK = { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' };
const SAME = { color: '#262626', background: '#fafafa', borderColor: '#d9d9d9' };
const BAD = { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' };
/** Tag colours dark enough for WCAG AA on their light backgrounds. */
const STYLE: Record<PayoutImportRow['result'], CSSProperties> = {
  paid: OK,
  rejected: BACK,
  unchanged: SAME,
  notFound: BAD,
  mismatch: BAD,
  badStatus: BAD,
  referenceMissing: BAD,
  duplicate: SAME,
};
const SHORT: Record<PayoutImportRow['result'], string> = {
  paid: '已打款',
  rejected: '已驳回',
  unchanged: '未改动',
  notFound: '找不到',
  mismatch: '金额不符',
  badStatus: '状态有误',
  referenceMissing: '缺流水号',
  duplicate: '重复行',
};

/** 导入银行回单 (ADR 0030): the bank's result file; the server pays or rejects each withdrawal once and answers per row. */
export function PayoutImport({ onImported }: { onImported(): void }) {
  const [open, setOpen] = useState(false);
  const { busy, result, send, reset } = useFileImport<PayoutImportRow>(importPayoutResults, onImported);

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入银行回单
      </Button>
      <Modal open={open} title="导入银行回单" width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden afterClose={reset}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0, color: '#595959' }}>
            上传银行返回的 CSV 或 XLSX 文件，表头包含「{H.code}、{H.status}、{H.reference}」，可选「{H.reason}、{H.amount}」。状态为“成功”的标记为已打款，“失败”的驳回并把提现金额退回代理商总分；已处理过的提现单不会再改动，同一文件重复导入不会重复处理。
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".csv,.xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <UploadOutlined />
            </p>
            <p>{busy ? '正在导入，请稍候…' : '点击或拖入银行回单文件'}</p>
          </Upload.Dragger>
          {result && (
            <>
              <Alert type={result.rows.some((r) => STYLE[r.result] === BAD) ? 'warning' : 'success'} showIcon message={result.summary} />
              <Table<PayoutImportRow>
                rowKey="row"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={result.rows}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '提现单号', dataIndex: 'code', width: 160 },
                  { title: '结果', dataIndex: 'result', width: 100, render: (r: PayoutImportRow['result']) => <Tag style={STYLE[r]}>{SHORT[r]}</Tag> },
                  { title: '说明', dataIndex: 'msg' },
                ]}
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
