import type { ReactElement } from 'react';
import { Card, Skeleton, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MONEY_SETTING_KEYS, selectSettings, SETTING_NAMES, type SettingKey } from '@shop/contract/settings-console';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { SETTINGS_QUERY } from './area-form.js';
import { AgreementTab, OrderRulesTab, PointTab, WithdrawTab } from './basic-tabs.js';
import { FreightTab } from './freight-tab.js';
import { GradesTab } from './grades-tab.js';
import { IncomeTab } from './income-tab.js';
import { OfflineAccountsTab, PayMethodsTab } from './pay-tabs.js';
import { ProposalsPanel } from './proposals-panel.js';
import { TemplatesPanel } from './notify-templates-tab.js';

const TABS: Record<SettingKey, typeof GradesTab> = {
  orderRules: OrderRulesTab,
  grades: GradesTab,
  agreement: AgreementTab,
  pointSetting: PointTab,
  withdrawRule: WithdrawTab,
  payMethods: PayMethodsTab,
  offlineAccounts: OfflineAccountsTab,
  freight: FreightTab,
  incomeSettings: IncomeTab,
};

/** 系统设置: one tab per settings area, each a form saved on its own (ADR 0022); money areas under ADR 0032. */
export default function SettingsPage() {
  const query = useQuery({ queryKey: SETTINGS_QUERY, queryFn: () => call(selectSettings, {}) });
  // ADR 0032: the money areas are finance's and admin's, the others the operator's and admin's; each reads all.
  const mayEdit = (key: SettingKey) => staffSession.may('saveSetting') && staffSession.may(MONEY_SETTING_KEYS.includes(key) ? 'data:money-settings' : 'data:shop-settings');
  const readOnly = !(Object.keys(TABS) as SettingKey[]).some(mayEdit);
  const settings = query.data?.obj;

  return (
    <Card title="系统设置" extra={readOnly && <Typography.Text type="secondary">只读：您的角色不能修改设置</Typography.Text>}>
      {staffSession.may('selectSettingProposals') && <ProposalsPanel />}
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {!settings && query.isPending && <Skeleton active />}
      {settings && (
        <Tabs
          items={(Object.keys(TABS) as SettingKey[]).map((key): { key: string; label: string; children: ReactElement } => {
            const Tab = TABS[key];
            // A saved area comes back with a new version: the form starts again from the server's values.
            return { key, label: SETTING_NAMES[key], children: <Tab key={settings.versions[key] ?? 0} settings={settings} readOnly={!mayEdit(key)} /> };
          }).concat(staffSession.may('selectNotifyTemplates') ? [{ key: 'notifyTemplates', label: '微信模板消息', children: <TemplatesPanel /> }] : [])}
        />
      )}
    </Card>
  );
}
