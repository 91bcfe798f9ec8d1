import { Card, Skeleton, Tabs, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { selectSettings, SETTING_NAMES, type SettingKey } from '@shop/contract/settings-console';
import { QueryError } from '../../components/query-error.js';
import { call } from '../../lib/api.js';
import { staffSession } from '../../lib/session.js';
import { SETTINGS_QUERY } from './area-form.js';
import { AgreementTab, OrderRulesTab, PointTab, WithdrawTab } from './basic-tabs.js';
import { FreightTab } from './freight-tab.js';
import { GradesTab } from './grades-tab.js';
import { IncomeTab } from './income-tab.js';
import { OfflineAccountsTab, PayMethodsTab } from './pay-tabs.js';

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

/** 系统设置: one tab per settings area, each a form saved on its own (ADR 0022). Finance reads without saving. */
export default function SettingsPage() {
  const query = useQuery({ queryKey: SETTINGS_QUERY, queryFn: () => call(selectSettings, {}) });
  const readOnly = !staffSession.may('saveSetting');
  const settings = query.data?.obj;

  return (
    <Card title="系统设置" extra={readOnly && <Typography.Text type="secondary">只读：您的角色不能修改设置</Typography.Text>}>
      <QueryError error={query.error} retry={() => void query.refetch()} />
      {!settings && query.isPending && <Skeleton active />}
      {settings && (
        <Tabs
          items={(Object.keys(TABS) as SettingKey[]).map((key) => {
            const Tab = TABS[key];
            // A saved area comes back with a new version: the form starts again from the server's values.
            return { key, label: SETTING_NAMES[key], children: <Tab key={settings.versions[key] ?? 0} settings={settings} readOnly={readOnly} /> };
          })}
        />
      )}
    </Card>
  );
}
