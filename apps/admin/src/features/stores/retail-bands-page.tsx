import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tag, Typography } from 'antd';
import { staffSaveRetailBand, staffSelRetailBands } from '@shop/contract/retail-store';
import { FLAG } from '@shop/contract/flags';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

const PAGE_SIZE = 20;
type Row = Awaited<ReturnType<typeof call<typeof staffSelRetailBands>>>['objs'][number];
type Values = { retailEnabled: boolean; defaultPrice: number; minPrice: number; maxPrice: number };

function EditBand({ row }: { row: Row }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const reply = await call(staffSaveRetailBand, { singleProdId: row.singleProdId, retailEnabled: v.retailEnabled ? 1 : 0, defaultPrice: v.defaultPrice, minPrice: v.minPrice, maxPrice: v.maxPrice });
      message.success(reply.msg);
      setOpen(false);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败，请重试');
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [staffSelRetailBands.name] });
    }
  };
  const money = { min: 0.01, max: 99_999_999, precision: 2, style: { width: '100%' }, prefix: '¥' };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        设置
      </Button>
      <Modal open={open} title={`零售价区间：${row.prodName} ${row.specDispStr}`} okText="保存" confirmLoading={busy} onOk={submit} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph type="secondary">代理商的零售价须在最低价和最高价之间，且不低于其等级进货价；未设置时按默认零售价。</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ retailEnabled: row.retailEnabled === FLAG.yes, defaultPrice: Number(row.defaultPrice), minPrice: Number(row.minPrice), maxPrice: Number(row.maxPrice) }}
        >
          <Form.Item name="retailEnabled" label="允许零售" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="minPrice" label="最低价" rules={[{ required: true, message: '请输入最低价' }]}>
            <InputNumber {...money} />
          </Form.Item>
          <Form.Item name="defaultPrice" label="默认零售价" rules={[{ required: true, message: '请输入默认零售价' }]}>
            <InputNumber {...money} />
          </Form.Item>
          <Form.Item name="maxPrice" label="最高价" rules={[{ required: true, message: '请输入最高价' }]}>
            <InputNumber {...money} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 零售价区间: per spec, whether stores may sell it and the band of the agents' retail price (ADR 0038). */
export default function RetailBandsPage() {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: [staffSelRetailBands.name, keyword, pageNum],
    queryFn: () => call(staffSelRetailBands, { keyword: keyword || undefined, phonePage: { pageSize: PAGE_SIZE, pageNum } }),
  });
  const may = staffSession.may('staffSaveRetailBand');
  return (
    <Card title="零售价区间">
      <Input.Search
        placeholder="商品名称"
        enterButton="查询"
        aria-label="按商品名称查询"
        style={{ width: 320, marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
      />
      {query.error && <Alert type="error" showIcon message={query.error.message} action={<Button size="small" onClick={() => query.refetch()}>重试</Button>} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey="singleProdId"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.objs ?? []}
        locale={{ emptyText: <span style={{ color: '#595959' }}>暂无商品</span> }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: query.data?.obj.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: '商品', dataIndex: 'prodName' },
          { title: '规格', dataIndex: 'specDispStr' },
          { title: '售价', dataIndex: 'salePrice', align: 'right', render: (v: string) => `¥${v}` },
          { title: '零售', key: 'on', render: (_, r) => (r.retailEnabled ? <Tag color="green">允许</Tag> : <Tag>不零售</Tag>) },
          { title: '最低价', dataIndex: 'minPrice', align: 'right', render: (v: string, r) => (r.retailEnabled ? `¥${v}` : '—') },
          { title: '默认零售价', dataIndex: 'defaultPrice', align: 'right', render: (v: string, r) => (r.retailEnabled ? `¥${v}` : '—') },
          { title: '最高价', dataIndex: 'maxPrice', align: 'right', render: (v: string, r) => (r.retailEnabled ? `¥${v}` : '—') },
          ...(may ? [{ title: '操作', key: 'op', width: 90, render: (_: unknown, r: Row) => <EditBand row={r} /> }] : []),
        ]}
      />
    </Card>
  );
}
