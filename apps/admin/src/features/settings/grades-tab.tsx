import { Button, Card, Col, Form, Input, InputNumber, Row, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Settings } from '@shop/contract/settings-console';
import { AreaForm } from './area-form.js';
import { Yuan, type TabProps } from './basic-tabs.js';

type Grades = Settings['grades'];

/** An upgrade rule without an amount is a recruiting rule (recruitCount agents). */
const toWire = (v: Grades) => ({
  grades: v.grades.map((g) => ({ ...g, upgradeRules: (g.upgradeRules ?? []).map((r) => ({ ...r, singleMoney: r.singleMoney?.trim() ? r.singleMoney.trim() : null })) })),
});

function UpgradeRules({ grade }: { grade: number }) {
  return (
    <Form.List name={[grade, 'upgradeRules']}>
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            locale={{ emptyText: '没有升级规则' }}
            columns={[
              {
                title: '规则名称',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'ruleStr']} style={{ marginBottom: 0 }} rules={[{ required: true, whitespace: true, max: 64, message: '升级规则名称为1-64个字' }]}>
                    <Input aria-label="规则名称" maxLength={64} />
                  </Form.Item>
                ),
              },
              {
                title: '单笔金额（空为招募规则）',
                width: 220,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'singleMoney']} style={{ marginBottom: 0 }} rules={[{ pattern: /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/, message: '升级规则金额格式有误（最多两位小数）' }]}>
                    <Input prefix="¥" aria-label="单笔金额" />
                  </Form.Item>
                ),
              },
              {
                title: '招募人数',
                width: 130,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'recruitCount']} style={{ marginBottom: 0 }}>
                    <InputNumber min={0} max={10000} precision={0} aria-label="招募人数" />
                  </Form.Item>
                ),
              },
              { title: '', width: 50, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除规则" onClick={() => remove(f.name)} /> },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ruleStr: '', singleMoney: '', recruitCount: 0 })} style={{ marginTop: 8 }}>
            添加升级规则
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** 代理等级: per grade its name, first top-up, deposit, whether new agents may register at it, and its upgrade rules. */
export function GradesTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="grades" settings={settings} readOnly={readOnly} toWire={toWire}>
      <Form.List name="grades">
        {(fields) =>
          fields.map((f) => (
            <Card
              key={f.key}
              size="small"
              style={{ marginBottom: 16 }}
              title={<Typography.Text strong>{`等级 ${settings.grades.grades[f.name]?.gradeLevel ?? ''}`}</Typography.Text>}
            >
              <Row gutter={16}>
                <Col span={6}>
                  <Form.Item name={[f.name, 'gradeName']} label="等级名称" rules={[{ required: true, whitespace: true, max: 16, message: '等级名称为1-16个字' }]}>
                    <Input maxLength={16} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Yuan name={[f.name, 'firstRechargeMoney']} label="首充金额" message="首充金额格式有误（最多两位小数）" />
                </Col>
                <Col span={6}>
                  <Yuan name={[f.name, 'bondMoney']} label="保证金" message="保证金金额格式有误（最多两位小数）" />
                </Col>
                <Col span={6}>
                  <Form.Item name={[f.name, 'openForRegistration']} label="开放注册" valuePropName="checked">
                    <Switch checkedChildren="开放" unCheckedChildren="关闭" />
                  </Form.Item>
                </Col>
              </Row>
              <UpgradeRules grade={f.name} />
            </Card>
          ))
        }
      </Form.List>
    </AreaForm>
  );
}
