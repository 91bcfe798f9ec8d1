import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Image, Input, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PROD_TYPE } from '@shop/contract/activity-state';
import { PRODUCT_ZONES, saveProduct, selectProductAdmin, selectProductsAdmin } from '@shop/contract/catalog-console';
import { call, type Reply } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';

type Row = Reply<typeof selectProductsAdmin>['objs'][number];
interface Filters {
  keyword?: string;
  prodType?: number;
  onShelf?: boolean;
}

const zoneOptions = Object.entries(PRODUCT_ZONES).map(([value, label]) => ({ value: Number(value), label }));
const priceRange = (r: Row) => (r.specCount === 0 ? '—' : r.minPrice === r.maxPrice ? `¥${r.minPrice}` : `¥${r.minPrice} ~ ¥${r.maxPrice}`);

/** On / off shelf from the list: the product is read and saved again with the switch flipped (audited like any save). */
function ShelfSwitch({ row, onDone }: { row: Row; onDone: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const may = staffSession.may('saveProduct');
  const toggle = async (onShelf: boolean) => {
    setBusy(true);
    try {
      const { obj: p } = await call(selectProductAdmin, { prodId: row.prodId });
      await call(saveProduct, {
        prodId: p.prodId,
        prodName: p.prodName,
        prodType: p.prodType,
        prodIntroduction: p.prodIntroduction,
        images: p.images,
        remark: p.remark,
        onShelf,
        visibleGradeIds: p.visibleGradeIds,
      });
      message.success(onShelf ? `已上架：${row.prodName}` : `已下架：${row.prodName}`);
      onDone();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '操作失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={row.onShelf}
      loading={busy}
      disabled={!may}
      checkedChildren="上架"
      unCheckedChildren="下架"
      aria-label={`${row.prodName} 上架`}
      onChange={toggle}
    />
  );
}

/** 商品管理: search by name, zone and shelf state; server-paged; a row opens the editor. */
export default function ProductsPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const { tableProps, query } = usePagedOp<typeof selectProductsAdmin, Row>(selectProductsAdmin, filters);
  const refresh = () => client.invalidateQueries({ queryKey: [selectProductsAdmin.name] });

  const columns: TableColumnsType<Row> = [
    {
      title: '图片',
      dataIndex: 'mainImgUrl',
      width: 80,
      render: (src: string) => (src ? <Image src={src} width={48} height={48} style={{ objectFit: 'cover' }} /> : '—'),
    },
    {
      title: '商品名称',
      dataIndex: 'prodName',
      render: (name: string, r) => <Link to={`/catalog/products/${r.prodId}`}>{name}</Link>,
    },
    {
      title: '专区',
      dataIndex: 'prodType',
      width: 110,
      render: (t: number) => <Tag color={t === PROD_TYPE.welfare ? 'gold' : 'blue'}>{PRODUCT_ZONES[t as 1 | 2] ?? t}</Tag>,
    },
    { title: '规格数', dataIndex: 'specCount', width: 80, align: 'right' },
    { title: '库存', dataIndex: 'stock', width: 90, align: 'right' },
    { title: '零售价', key: 'price', width: 170, align: 'right', render: (_, r) => priceRange(r) },
    { title: '销量', dataIndex: 'sales', width: 80, align: 'right' },
    { title: '上架', key: 'shelf', width: 100, render: (_, r) => <ShelfSwitch row={r} onDone={refresh} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, r) => <Link to={`/catalog/products/${r.prodId}`}>编辑</Link>,
    },
  ];

  const search = (v: Filters) => setFilters({ ...v, keyword: v.keyword?.trim() || undefined });
  return (
    <Card
      title="商品管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/catalog/products/new')}>
          新建商品
        </Button>
      }
    >
      <Form layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="keyword" label="商品名称">
          <Input allowClear placeholder="名称中的文字" style={{ width: 220 }} maxLength={32} />
        </Form.Item>
        <Form.Item name="prodType" label="专区">
          <Select allowClear placeholder="全部专区" style={{ width: 140 }} options={zoneOptions} />
        </Form.Item>
        <Form.Item name="onShelf" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: true, label: '已上架' },
              { value: false, label: '已下架' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button htmlType="reset" onClick={() => setFilters({})}>
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <QueryError error={query.error} retry={() => query.refetch()} />
      <Table<Row> rowKey="prodId" columns={columns} size="middle" {...tableProps} />
      <Typography.Text type="secondary">改动在商城中最多延迟几秒显示（列表缓存）。</Typography.Text>
    </Card>
  );
}
