import { useState } from 'react';
import { EXCHANGE_TYPE } from '@shop/contract/activity-state';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod/mini';
import { EXCHANGE_TYPES, saveActivity, selectActivitiesAdmin, type activityAdmin } from '@shop/contract/content-console';
import { selectProductAdmin, selectProductsAdmin } from '@shop/contract/catalog-console';
import { usePagedOp } from '../../components/paged-table.js';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';

type Activity = z.output<typeof activityAdmin>;
type Item = { singleProdId?: number; exchangeIntegral?: number; exchangePrice?: number; lastNum?: number; lastNumWas?: number };
type Values = { productId?: number; exchangeType: 1 | 2 | 3; window?: [Dayjs, Dayjs]; shown: boolean; sort: number; items: Item[] };
const TIME = 'YYYY-MM-DD HH:mm:ss';
const STATES: Record<number, [string, string]> = { 1: ['未开始', 'default'], 2: ['进行中', 'green'], 3: ['已结束', 'red'] };

/** 活动管理: activities (zone 3) with the exchange kind, time window and, per spec, points, money and activity stock. */
export default function ActivitiesPage() {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ activity: Activity | null } | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const { tableProps, query } = usePagedOp<typeof selectActivitiesAdmin, Activity>(selectActivitiesAdmin, { keyword });
  const mayEdit = staffSession.may('saveActivity');
  const productId = Form.useWatch('productId', form);
  const exchangeType = Form.useWatch('exchangeType', form);
  const products = useQuery({
    queryKey: ['selectProductsAdmin', 'activity', productSearch],
    queryFn: () => call(selectProductsAdmin, { keyword: productSearch, phonePage: { pageNum: 1, pageSize: 20 } }),
    enabled: !!editing,
  });
  const product = useQuery({ queryKey: ['selectProductAdmin', productId], queryFn: () => call(selectProductAdmin, { prodId: productId! }), enabled: !!productId });

  const open = (a: Activity | null) => {
    setEditing({ activity: a });
    form.setFieldsValue({
      productId: a?.productId,
      exchangeType: (a?.exchangeType ?? 1) as 1 | 2 | 3,
      window: a ? [dayjs(a.startAt, TIME), dayjs(a.endAt, TIME)] : undefined,
      shown: a?.shown ?? true,
      sort: a?.sort ?? 0,
      // lastNumWas: the stock as loaded, so the save moves it by the change (exchanges go on meanwhile).
      items: a ? a.items.map((i) => ({ ...i, exchangePrice: Number(i.exchangePrice), lastNumWas: i.lastNum })) : [{}],
    });
  };
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const r = await call(saveActivity, {
        id: editing?.activity?.id ?? null,
        productId: v.productId!,
        exchangeType: v.exchangeType,
        startAt: v.window![0].format(TIME),
        endAt: v.window![1].format(TIME),
        shown: v.shown,
        sort: v.sort ?? 0,
        items: v.items.map((i) => ({
          singleProdId: i.singleProdId!,
          exchangeIntegral: v.exchangeType === EXCHANGE_TYPE.money ? 0 : (i.exchangeIntegral ?? 0),
          exchangePrice: v.exchangeType === EXCHANGE_TYPE.points ? '0' : String(i.exchangePrice ?? 0),
          lastNum: i.lastNum ?? 0,
          lastNumWas: i.lastNumWas ?? null,
        })),
      });
      message.success(r.msg || '活动已保存');
      setEditing(null);
      void query.refetch();
    } catch (e) {
      message.error(e instanceof Error ? e.message : '保存失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Activity> = [
    { title: '商品', dataIndex: 'prodName', ellipsis: true },
    { title: '兑换方式', dataIndex: 'exchangeType', width: 110, render: (t: 1 | 2 | 3) => EXCHANGE_TYPES[t] ?? t },
    { title: '活动时间', key: 'window', width: 330, render: (_, a) => `${a.startAt} 至 ${a.endAt}` },
    { title: '状态', dataIndex: 'actState', width: 90, render: (s: number) => <Tag color={STATES[s]?.[1]}>{STATES[s]?.[0]}</Tag> },
    {
      title: '规格（积分 / 金额 / 库存）',
      key: 'items',
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          {a.items.map((i) => (
            <span key={i.singleProdId}>
              {i.specName}：{i.exchangeIntegral} 积分 / ¥{i.exchangePrice} / {i.lastNum}
            </span>
          ))}
        </Space>
      ),
    },
    { title: '手机端显示', dataIndex: 'shown', width: 100, render: (s: boolean) => (s ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, a) =>
        mayEdit && (
          <Button type="link" onClick={() => open(a)} aria-label={`编辑活动 ${a.prodName}`}>
            编辑
          </Button>
        ),
    },
  ];

  const specOptions = (product.data?.obj.specs ?? []).map((s) => ({ value: s.singleProdId, label: `${s.specName}（库存 ${s.stock}）` }));
  const productOptions = (products.data?.objs ?? []).map((p) => ({ value: p.prodId, label: p.prodName }));
  if (editing?.activity && !productOptions.some((o) => o.value === editing.activity!.productId)) productOptions.unshift({ value: editing.activity.productId, label: editing.activity.prodName });

  return (
    <Card
      title="活动管理"
      extra={
        mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            新增活动
          </Button>
        )
      }
    >
      <Input.Search placeholder="按商品名称搜索" allowClear onSearch={(v) => setKeyword(v.trim())} style={{ width: 260, marginBottom: 16 }} />
      <QueryError error={query.error} retry={() => void query.refetch()} />
      <Table<Activity> rowKey="id" columns={columns} {...tableProps} />
      <Drawer
        title={editing?.activity ? '编辑活动' : '新增活动'}
        open={!!editing}
        width={720}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        }
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="productId" label="活动商品" rules={[{ required: true, message: '请选择活动商品' }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setProductSearch }}
              options={productOptions}
              loading={products.isFetching}
              placeholder="输入商品名称搜索"
              onChange={() => form.setFieldValue('items', [{}])}
            />
          </Form.Item>
          <Form.Item name="exchangeType" label="兑换方式" rules={[{ required: true, message: '请选择兑换方式' }]}>
            <Radio.Group options={Object.entries(EXCHANGE_TYPES).map(([v, label]) => ({ value: Number(v), label }))} />
          </Form.Item>
          <Form.Item name="window" label="活动时间（北京时间）" rules={[{ required: true, message: '请选择活动开始和结束时间' }]}>
            <DatePicker.RangePicker showTime format={TIME} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="shown" label="手机端显示" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
          <div style={{ marginBottom: 8 }}>活动规格（每个规格的兑换积分、金额与活动库存；规格按商品的等级价决定哪些等级可见）</div>
          <Form.List name="items">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'singleProdId']} rules={[{ required: true, message: '请选择规格' }]}>
                      <Select options={specOptions} placeholder={productId ? '选择规格' : '先选择商品'} style={{ width: 200 }} aria-label="活动规格" />
                    </Form.Item>
                    {exchangeType !== EXCHANGE_TYPE.money && (
                      <Form.Item name={[f.name, 'exchangeIntegral']} rules={[{ required: true, message: '请输入兑换积分' }]}>
                        <InputNumber min={1} max={10_000_000} precision={0} placeholder="兑换积分" suffix="积分" aria-label="兑换积分" style={{ width: 150 }} />
                      </Form.Item>
                    )}
                    {exchangeType !== EXCHANGE_TYPE.points && (
                      <Form.Item name={[f.name, 'exchangePrice']} rules={[{ required: true, message: '请输入兑换金额' }]}>
                        <InputNumber min={0.01} precision={2} prefix="¥" placeholder="兑换金额" aria-label="兑换金额" style={{ width: 140 }} />
                      </Form.Item>
                    )}
                    <Form.Item name={[f.name, 'lastNum']} rules={[{ required: true, message: '请输入活动库存' }]}>
                      <InputNumber min={0} max={1_000_000} precision={0} placeholder="活动库存" aria-label="活动库存" style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lastNumWas']} hidden>
                      <InputNumber />
                    </Form.Item>
                    {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除该规格" />}
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({})} icon={<PlusOutlined />} block>
                  添加规格
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Drawer>
    </Card>
  );
}
