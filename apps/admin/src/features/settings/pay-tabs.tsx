import { Button, Form, Input, InputNumber, Radio, Select, Switch, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AreaForm } from './area-form.js';
import type { TabProps } from './basic-tabs.js';
import { QrCodeField } from './qr-code-field.js';

const PAY_TYPES = [
  { value: 1, label: '微信支付' },
  { value: 2, label: '总分收益' },
  { value: 3, label: '货款' },
  { value: 4, label: '线下支付' },
];
const ACCOUNT_KINDS = [
  { value: 1, label: '银行卡' },
  { value: 2, label: '微信' },
  { value: 3, label: '支付宝' },
];

const at = (name: number, field: string) => [name, field];

export function PayMethodsTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="payMethods" settings={settings} readOnly={readOnly}>
      <Form.List name="methods">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              style={{ marginBottom: 8 }}
              columns={[
                { title: '支付方式', render: (_, f) => <Form.Item name={at(f.name, 'type')} style={{ marginBottom: 0 }}><Select options={PAY_TYPES} style={{ width: 160 }} aria-label="支付方式" /></Form.Item> },
                { title: '启用', render: (_, f) => <Form.Item name={at(f.name, 'isEnable')} style={{ marginBottom: 0 }} valuePropName="checked"><Switch aria-label="启用" /></Form.Item> },
                { title: '可付运费', render: (_, f) => <Form.Item name={at(f.name, 'isCanPayPostage')} style={{ marginBottom: 0 }} valuePropName="checked"><Switch aria-label="可付运费" /></Form.Item> },
                { title: '排序', render: (_, f) => <Form.Item name={at(f.name, 'sort')} style={{ marginBottom: 0 }}><InputNumber min={0} max={999} precision={0} aria-label="排序" /></Form.Item> },
                { title: '', width: 50, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除支付方式" onClick={() => remove(f.name)} /> },
              ]}
            />
            {fields.length < 4 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: undefined, isEnable: true, isCanPayPostage: true, sort: fields.length + 1 })} style={{ marginBottom: 24, display: 'block' }}>
                添加支付方式
              </Button>
            )}
          </>
        )}
      </Form.List>
      <Form.Item name="rechargeState" label="微信充值（升级、首充）" valuePropName="checked" extra="与下一项同时开启时，代理才能用微信支付升级款">
        <Switch />
      </Form.Item>
      <Form.Item name="loanRechargeState" label="微信充值（货款）" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="lineChargeVoucher" label="线下充值凭证">
        <Radio.Group options={[{ value: 1, label: '只需上传凭证' }, { value: 2, label: '还须填写汇款人户名和账号' }]} />
      </Form.Item>
    </AreaForm>
  );
}

/** 线下收款账户: where agents transfer money for offline payments; at most one default. */
export function OfflineAccountsTab({ settings, readOnly }: TabProps) {
  const text = (f: { name: number }, field: string, label: string, required = false) => (
    <Form.Item name={at(f.name, field)} style={{ marginBottom: 0 }} rules={required ? [{ required: true, whitespace: true, max: 64, message: `请输入${label}（1-64个字）` }] : [{ max: 64, message: `${label}不能超过64个字` }]}>
      <Input aria-label={label} maxLength={64} />
    </Form.Item>
  );
  return (
    <AreaForm area="offlineAccounts" settings={settings} readOnly={readOnly}>
      <Form.List name="accounts">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              style={{ marginBottom: 8 }}
              columns={[
                { title: '类型', width: 120, render: (_, f) => <Form.Item name={at(f.name, 'accountClassify')} style={{ marginBottom: 0 }}><Select options={ACCOUNT_KINDS} aria-label="账户类型" /></Form.Item> },
                { title: '银行', render: (_, f) => text(f, 'bankDicName', '银行名称') },
                { title: '支行', render: (_, f) => text(f, 'subBankName', '支行名称') },
                { title: '户名', render: (_, f) => text(f, 'accountName', '户名', true) },
                { title: '账号', render: (_, f) => text(f, 'accountNumber', '账号', true) },
                { title: '收款码', width: 200, render: (_, f) => <Form.Item name={at(f.name, 'qrCodeImgUrl')} style={{ marginBottom: 0 }}><QrCodeField /></Form.Item> },
                { title: '默认', width: 70, render: (_, f) => <Form.Item name={at(f.name, 'isDefault')} style={{ marginBottom: 0 }} valuePropName="checked"><Switch aria-label="默认账户" /></Form.Item> },
                { title: '', width: 50, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除账户" onClick={() => remove(f.name)} /> },
              ]}
            />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ accountClassify: 1, bankDicName: '', subBankName: '', accountName: '', accountNumber: '', qrCodeImgUrl: '', isDefault: false })}
              style={{ marginBottom: 24, display: 'block' }}
            >
              添加收款账户
            </Button>
          </>
        )}
      </Form.List>
    </AreaForm>
  );
}
