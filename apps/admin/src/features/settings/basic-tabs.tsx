import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import type { Settings } from '@shop/contract/settings-console';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { AreaForm } from './area-form.js';

export interface TabProps {
  settings: Settings;
  readOnly: boolean;
}

const YUAN = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;
/** An amount in yuan as text (the server turns it into fen), checked as the server checks it. */
export function Yuan({ name, label, message, extra }: { name: (string | number)[] | string; label?: string; message: string; extra?: string }) {
  return (
    <Form.Item label={label} name={name} extra={extra} rules={[{ required: true, message }, { pattern: YUAN, message }]} style={label ? undefined : { marginBottom: 0 }}>
      <Input prefix="¥" inputMode="decimal" style={label ? { width: 220 } : undefined} aria-label={label ?? message.replace(/格式有误.*$/, '')} />
    </Form.Item>
  );
}

const Flag = ({ name, label, extra }: { name: string; label: string; extra?: string }) => (
  <Form.Item name={name} label={label} valuePropName="checked" extra={extra}>
    <Switch checkedChildren="开" unCheckedChildren="关" />
  </Form.Item>
);

const Whole = ({ name, label, min, max, addonAfter, extra }: { name: string; label: string; min: number; max: number; addonAfter?: string; extra?: string }) => (
  <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, type: 'integer', min, max, message: `${label}须为${min}-${max}的整数` }]}>
    <InputNumber precision={0} addonAfter={addonAfter} style={{ width: 220 }} />
  </Form.Item>
);

export function OrderRulesTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="orderRules" settings={settings} readOnly={readOnly}>
      <Whole name="noPayMinutes" label="未支付订单关闭时间" min={1} max={1440} addonAfter="分钟" extra="下单后超过该时间未支付，订单自动关闭" />
      <Flag name="postState" label="满额包邮" extra="开启后商品金额达到包邮门槛即免运费" />
      <Yuan name="postMoney" label="包邮门槛" message="包邮门槛金额格式有误（最多两位小数）" />
      <Flag name="upPaysPost" label="包邮运费由上级代理承担" extra="关闭时包邮订单的运费由平台承担；没有上级的代理始终由平台承担" />
      <Whole name="autoReceiveDays" label="自动确认收货天数" min={1} max={90} addonAfter="天" extra="发货后超过该天数仍未确认收货的订单自动确认收货，销售收益随后按收益释放天数解冻" />
      <Whole name="afterSaleDays" label="售后申请期限" min={1} max={90} addonAfter="天" extra="代理确认收货后该天数内可申请退货退款或仅退款；待发货的订单可随时申请仅退款" />
    </AreaForm>
  );
}

export function AgreementTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="agreement" settings={settings} readOnly={readOnly}>
      <Form.Item name="title" label="协议标题" rules={[{ required: true, whitespace: true, max: 64, message: '协议标题为1-64个字' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="content" label="协议内容" rules={[{ required: true, whitespace: true, max: 20000, message: '协议内容为1-20000个字' }]}>
        <RichTextEditor aria-label="协议内容" minHeight={320} />
      </Form.Item>
    </AreaForm>
  );
}

export function PointTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="pointSetting" settings={settings} readOnly={readOnly}>
      <Row gutter={24}>
        <Col span={8}>
          <Flag name="state" label="积分抵扣" />
          <Whole name="pointChange" label="每元抵扣所需积分" min={1} max={10000} addonAfter="积分" />
          <Yuan name="chargeMoney" label="福利商品每满金额" message="赠送积分的金额单位格式有误（大于0，最多两位小数）" />
          <Whole name="chargeGetPoint" label="每满一次赠送积分" min={0} max={100000} addonAfter="积分" />
        </Col>
        <Col span={8}>
          <Flag name="signState" label="每日签到" />
          <Whole name="fixedIntegral" label="每次签到积分" min={0} max={100000} addonAfter="积分" />
          <Flag name="isContinuitySign" label="连续签到奖励" />
          <Whole name="continuityNum" label="连续签到天数" min={1} max={365} addonAfter="天" />
          <Whole name="continuityIntegral" label="连续签到奖励积分" min={0} max={100000} addonAfter="积分" />
        </Col>
      </Row>
    </AreaForm>
  );
}

export function WithdrawTab({ settings, readOnly }: TabProps) {
  return (
    <AreaForm area="withdrawRule" settings={settings} readOnly={readOnly}>
      <Flag name="isAllWithdraw" label="允许部分提现" extra="关闭时代理只能提现全部余额" />
      <Yuan name="minWithdrawMoney" label="最低提现金额" message="最低提现金额格式有误（最多两位小数）" />
      <Yuan name="baseMoney" label="提现基数（须为其整数倍）" message="提现基数格式有误（最多两位小数）" />
      <Form.Item
        name="serviceChargePercent"
        label="手续费比例"
        rules={[{ required: true, pattern: /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, message: '手续费比例须为0-100之间的数，最多四位小数' }]}
      >
        <Input suffix="%" style={{ width: 220 }} inputMode="decimal" />
      </Form.Item>
      <Flag name="isCanTs" label="暂停提现" />
      <Form.Item name="tsMsg" label="暂停提现时的提示" rules={[{ max: 100, message: '提现关闭提示不能超过100个字' }]}>
        <Input maxLength={100} />
      </Form.Item>
    </AreaForm>
  );
}
