import { fenToYuan, type SettingKey, type SettingsIn } from '@shop/contract';

const yuan = (fen: number) => `${fenToYuan(fen)} 元`;
const onOff = (b: boolean) => (b ? '开' : '关');
const CLASSIFY: Record<number, string> = { 1: '银行卡', 2: '微信', 3: '支付宝' };

/**
 * A two-key settings area in words for the proposal and the audit trail (ADR 0032): labelled fields, yuan and percent,
 * never JSON. Fen stays fen in SettingsIn (toSettings), read here.
 */
export function settingWords(key: SettingKey, s: SettingsIn): string {
  switch (key) {
    case 'offlineAccounts': {
      const accounts = s.offlineAccounts.accounts;
      if (accounts.length === 0) return '无收款账户';
      return accounts
        .map((a) => [`${CLASSIFY[a.accountClassify] ?? '账户'}`, a.bankDicName, a.subBankName, `户名 ${a.accountName}`, `账号 ${a.accountNumber}`, a.isDefault ? '（默认）' : ''].filter(Boolean).join(' '))
        .join('；');
    }
    case 'withdrawRule': {
      const w = s.withdrawRule;
      return [
        `最低提现 ${yuan(w.minWithdrawMoney)}`,
        `提现基数 ${yuan(w.baseMoney)}`,
        `手续费 ${w.serviceChargePercent}%`,
        `允许全额提现 ${onOff(w.isAllWithdraw)}`,
        `暂停提现 ${onOff(w.isCanTs)}${w.tsMsg ? `（提示：${w.tsMsg}）` : ''}`,
      ].join('；');
    }
    case 'incomeSettings': {
      const i = s.incomeSettings;
      const rewards = i.gradeRewards.map((r) => `${r.gradeName || `等级${r.gradeId}`} ${yuan(r.recruitReward)}`).join('，');
      return `收益释放天数 ${i.releaseDays} 天；招募奖励：${rewards || '无'}`;
    }
    default:
      return '';
  }
}
