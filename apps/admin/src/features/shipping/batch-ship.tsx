import { useState } from 'react';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { BATCH_SHIP_HEADERS as H, shipOrdersBatch, type BatchShipRow } from '@shop/contract/staff-orders-console';
import { useFileImport } from '../../components/use-file-import.js';

/** The template: the header row and one example, with a BOM so Excel opens the UTF-8 text correctly. */
function downloadTemplate() {
  const text = `\uFEFF${H.orderCode},${H.shipperCode},${H.waybillCode},${H.logisticsName}\r\nDD20261121100000000001,ZTO,638650888018,中通快递\r\n`;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  a.download = '批量发货模板.csv';
  a.click();
  URL.revokeObjectURL(a.href);
}

/** 批量发货: a CSV or XLSX of order code, carrier code and waybill; the server ships each order and answers per row. */
export function BatchShip({ onShipped }: { onShipped(): void }) {
  const [open, setOpen] = useState(false);
  const { busy, result, send, reset } = useFileImport<BatchShipRow>(shipOrdersBatch, onShipped);

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        批量发货
      </Button>
      <Modal open={open} title="批量发货" width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden afterClose={reset}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            上传 CSV 或 XLSX 文件，表头为「{H.orderCode}、{H.shipperCode}、{H.waybillCode}」，可选「{H.logisticsName}」；同一订单的多行作为该订单的多个包裹。每次最多2000行。
            <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate}>
              下载模板
            </Button>
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
            <p>{busy ? '正在导入，请稍候…' : '点击或拖入发货文件'}</p>
          </Upload.Dragger>
          {result && (
            <>
              <Alert type={result.rows.some((r) => !r.ok) ? 'warning' : 'success'} showIcon message={result.summary} />
              <Table<BatchShipRow>
                rowKey="row"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={result.rows}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '订单编号', dataIndex: 'orderCode', width: 230 },
                  { title: '结果', dataIndex: 'ok', width: 90, render: (ok: boolean) => (ok ? <Tag color="success">已发货</Tag> : <Tag color="error">未发货</Tag>) },
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
