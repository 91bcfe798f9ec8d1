import { useState } from 'react';
import { FilePdfOutlined, FileTextOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import { CODE_TYPE, CODE_TYPE_TEXT, exportCodeBatch, selectCodeBatches, type CodeBatchRow } from '@shop/contract/codes-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { AssignModal } from './assign-modal.js';
import { GenerateForm } from './generate-form.js';
import { saveBase64 } from '../../lib/save-file.js';

const TYPE = { csv: 'text/csv;charset=utf-8', pdf: 'application/pdf' } as const;

/** 溯源码与防伪码 (ADR 0022): generate a batch, export it as CSV or a QR sheet, assign trace codes to an agent. */
export default function CodesPage() {
  const { message } = App.useApp();
  const [codeType, setCodeType] = useState<number | undefined>(undefined);
  const [exporting, setExporting] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<CodeBatchRow | null>(null);
  const { tableProps, query } = usePagedOp<typeof selectCodeBatches, CodeBatchRow>(selectCodeBatches, { codeType });

  const exportBatch = async (b: CodeBatchRow, format: 'csv' | 'pdf') => {
    setExporting(`${b.id}-${format}`);
    try {
      const reply = await call(exportCodeBatch, { batchId: b.id, format });
      saveBase64(reply.obj.base64, reply.obj.fileName, TYPE[format]);
      if (reply.obj.capped) message.warning(reply.msg);
      else message.success(`已导出${reply.obj.rows}个码`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '导出失败，请重试');
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumnsType<CodeBatchRow> = [
    { title: '批次', dataIndex: 'id', key: 'id', width: 80 },
    { title: '类型', key: 'codeType', width: 90, render: (_, b) => <Tag color={b.codeType === CODE_TYPE.trace ? 'blue' : 'gold'}>{CODE_TYPE_TEXT[b.codeType]}</Tag> },
    { title: '商品规格', key: 'spec', render: (_, b) => `${b.prodName}${b.specDispStr ? ` / ${b.specDispStr}` : ''}` },
    { title: '数量', dataIndex: 'count', key: 'count', align: 'right', width: 100 },
    { title: '已分配', key: 'assigned', align: 'right', width: 100, render: (_, b) => (b.codeType === CODE_TYPE.trace ? b.assigned : '—') },
    { title: '生成人', dataIndex: 'staffName', key: 'staffName', width: 110 },
    { title: '生成时间', dataIndex: 'createDate', key: 'createDate', width: 170 },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, b) => (
        <Space>
          <Button size="small" icon={<FileTextOutlined />} loading={exporting === `${b.id}-csv`} onClick={() => exportBatch(b, 'csv')} aria-label={`导出CSV 批次${b.id}`}>
            导出CSV
          </Button>
          <Button size="small" icon={<FilePdfOutlined />} loading={exporting === `${b.id}-pdf`} onClick={() => exportBatch(b, 'pdf')} aria-label={`导出PDF 批次${b.id}`}>
            导出PDF
          </Button>
          {b.codeType === CODE_TYPE.trace && staffSession.may('assignTraceCodes') && (
            <Button size="small" icon={<UserAddOutlined />} onClick={() => setAssigning(b)}>
              分配
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {staffSession.may('generateCodeBatch') && (
        <Card title="生成溯源码 / 防伪码">
          <GenerateForm />
        </Card>
      )}
      <Card
        title="码批次"
        extra={
          <Segmented
            value={codeType ?? 0}
            onChange={(v) => setCodeType(v === 0 ? undefined : Number(v))}
            options={[
              { value: 0, label: '全部' },
              { value: CODE_TYPE.trace, label: CODE_TYPE_TEXT[CODE_TYPE.trace] },
              { value: CODE_TYPE.antiFake, label: CODE_TYPE_TEXT[CODE_TYPE.antiFake] },
            ]}
          />
        }
      >
        <QueryError error={query.error} retry={() => query.refetch()} />
        <Table<CodeBatchRow>
          rowKey="id"
          size="middle"
          scroll={{ x: 1100 }}
          columns={columns}
          locale={{ emptyText: query.error ? '加载失败' : '还没有生成过码' }}
          {...tableProps}
        />
      </Card>
      <AssignModal batch={assigning} onClose={() => setAssigning(null)} />
    </Space>
  );
}
