import { useState } from 'react';
import { Button, Card, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PROD_TYPE } from '@shop/contract/activity-state';
import type { selectProductAdmin } from '@shop/contract/catalog-console';
import type { Reply } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { SpecDrawer } from './spec-drawer.js';
import { StockModal } from './stock-modal.js';
import { GiftsModal } from './gifts-modal.js';

type Detail = Reply<typeof selectProductAdmin>;
type Spec = Detail['obj']['specs'][number];

/** The product's specs: prices per grade, stock (changed only by recorded deltas), gifts per grade. */
export function SpecsCard({ detail, grades, onChanged }: { detail: Detail['obj']; grades: Detail['objs']; onChanged: () => void }) {
  const [editing, setEditing] = useState<Spec | 'new' | null>(null);
  // By id: after a change the modal shows the reloaded spec, not the one it was opened with.
  const [stockId, setStockId] = useState<number | null>(null);
  const stockOf = detail.specs.find((s) => s.singleProdId === stockId) ?? null;
  const [giftsOf, setGiftsOf] = useState<Spec | null>(null);
  const mayEdit = staffSession.may('saveProductSpec');
  const gradeName = (id: number) => grades.find((g) => g.id === id)?.gradeName ?? `等级${id}`;

  const columns: TableColumnsType<Spec> = [
    { title: '规格', dataIndex: 'specName', width: 160 },
    { title: '零售价', dataIndex: 'retailPrice', width: 110, align: 'right', render: (v: string) => `¥${v}` },
    ...grades.map((g) => ({
      title: `${g.gradeName}价`,
      key: `grade-${g.id}`,
      width: 110,
      align: 'right' as const,
      render: (_: unknown, s: Spec) => {
        const p = s.gradePrices.find((x) => x.gradeId === g.id);
        return p ? `¥${p.price}` : <Tag color="red">未设置</Tag>;
      },
    })),
    { title: '重量', dataIndex: 'weight', width: 90, align: 'right', render: (w: number) => `${w} g` },
    { title: '库存', dataIndex: 'stock', width: 90, align: 'right' },
    ...(detail.prodType === PROD_TYPE.welfare
      ? [{ title: '积分规则', key: 'welfare', width: 170, render: (_: unknown, s: Spec) => `抵扣¥${s.touchMoney}/件，送${s.integralNum}积分` }]
      : []),
    {
      title: '赠品',
      key: 'gifts',
      width: 160,
      render: (_, s) => (s.gifts.length ? s.gifts.map((g) => <Tag key={g.gradeId}>{`${gradeName(g.gradeId)}×${g.buyNum}`}</Tag>) : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 230,
      render: (_, s) => (
        <Space size={0}>
          {mayEdit && (
            <Button type="link" onClick={() => setEditing(s)}>
              编辑
            </Button>
          )}
          <Button type="link" onClick={() => setStockId(s.singleProdId)}>
            调整库存
          </Button>
          {staffSession.may('saveSpecGifts') && (
            <Button type="link" onClick={() => setGiftsOf(s)}>
              赠品
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title="规格与价格"
      extra={
        mayEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增规格
          </Button>
        )
      }
    >
      <Table<Spec> rowKey="singleProdId" columns={columns} dataSource={detail.specs} pagination={false} size="middle" scroll={{ x: 'max-content' }} locale={{ emptyText: '还没有规格：新增规格并填写每个等级的价格后，商品才会在商城中出现' }} />
      {editing !== null && (
        <SpecDrawer
          open
          prodId={detail.prodId}
          prodType={detail.prodType}
          spec={editing === 'new' ? null : editing}
          grades={grades}
          onClose={() => setEditing(null)}
          onSaved={onChanged}
        />
      )}
      {stockOf && <StockModal spec={stockOf} canAdjust={staffSession.may('adjustStock')} onClose={() => setStockId(null)} onDone={onChanged} />}
      {giftsOf && <GiftsModal spec={giftsOf} grades={grades} onClose={() => setGiftsOf(null)} onDone={onChanged} />}
    </Card>
  );
}
