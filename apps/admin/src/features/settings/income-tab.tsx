import { Form, InputNumber, Table } from 'antd';
import type { Settings } from '@shop/contract/settings-console';
import { AreaForm } from './area-form.js';
import { Yuan, type TabProps } from './basic-tabs.js';

/** 收益设置 (ADR 0017): days until network income is released, and each grade's reward for recruiting an agent. */
export function IncomeTab({ settings, readOnly }: TabProps) {
  // Every grade gets a row, with 0.00 where it has no reward yet.
  const rewards = settings.grades.grades.map((g) => ({
    gradeId: g.id,
    gradeName: g.gradeName,
    recruitReward: settings.incomeSettings.gradeRewards.find((r) => r.gradeId === g.id)?.recruitReward ?? '0.00',
  }));
  const area: Settings = { ...settings, incomeSettings: { ...settings.incomeSettings, gradeRewards: rewards } };
  return (
    <AreaForm area="incomeSettings" settings={area} readOnly={readOnly}>
      <Form.Item name="releaseDays" label="收益释放天数" rules={[{ required: true, type: 'integer', min: 0, max: 365, message: '收益释放天数须为0-365的整数' }]}>
        <InputNumber precision={0} addonAfter="天" style={{ width: 200 }} />
      </Form.Item>
      <Form.List name="gradeRewards">
        {(fields) => (
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            style={{ maxWidth: 520, marginBottom: 16 }}
            columns={[
              { title: '等级', render: (_, f) => rewards[f.name]?.gradeName },
              { title: '招募奖励', render: (_, f) => <Yuan name={[f.name, 'recruitReward']} message="招募奖励金额格式有误（最多两位小数）" /> },
            ]}
          />
        )}
      </Form.List>
    </AreaForm>
  );
}
