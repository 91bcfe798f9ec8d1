import { Button, Form, InputNumber, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OTHER_PROVINCES, PROVINCES } from '@shop/contract/settings-console';
import { AreaForm } from './area-form.js';
import { Yuan, type TabProps } from './basic-tabs.js';

const OPTIONS = [{ value: OTHER_PROVINCES, label: '其他地区（默认）' }, ...PROVINCES.map(([value, label]) => ({ value, label }))];

const grams = (name: (string | number)[], label: string) => (
  <Form.Item name={name} style={{ marginBottom: 0 }} rules={[{ required: true, type: 'integer', min: 1, max: 1_000_000, message: '重量须为1-1000000克的整数' }]}>
    <InputNumber precision={0} addonAfter="克" aria-label={label} style={{ width: 150 }} />
  </Form.Item>
);

/** 运费规则: first weight and fee, then each started extra weight and its fee, per province; 000000 covers the rest. */
export function FreightTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="freight" settings={settings} readOnly={readOnly}>
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              style={{ marginBottom: 8 }}
              columns={[
                {
                  title: '省份',
                  width: 220,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'provinceCode']} style={{ marginBottom: 0 }} rules={[{ required: true, message: '请选择省份' }]}>
                      <Select showSearch optionFilterProp="label" options={OPTIONS} aria-label="省份" style={{ width: 200 }} />
                    </Form.Item>
                  ),
                },
                { title: '首重', render: (_, f) => grams([f.name, 'firstWeight'], '首重') },
                { title: '首重运费', render: (_, f) => <Yuan name={[f.name, 'firstFee']} message="运费金额格式有误（最多两位小数）" /> },
                { title: '续重', render: (_, f) => grams([f.name, 'extraWeight'], '续重') },
                { title: '续重运费', render: (_, f) => <Yuan name={[f.name, 'extraFee']} message="运费金额格式有误（最多两位小数）" /> },
                { title: '', width: 50, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除运费规则" onClick={() => remove(f.name)} /> },
              ]}
            />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ provinceCode: undefined, firstWeight: 1000, firstFee: '', extraWeight: 1000, extraFee: '' })}
              style={{ marginBottom: 24, display: 'block' }}
            >
              添加省份
            </Button>
          </>
        )}
      </Form.List>
    </AreaForm>
  );
}
