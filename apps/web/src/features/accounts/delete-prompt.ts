import type { CollectionAccount } from '@shop/contract/funds-accounts';
import { FLAG } from '@shop/contract/flags';

/**
 * What the delete confirmation names (spec 3 §2 Collection accounts): the bank and the last four digits, so the agent
 * knows which card goes; and a warning when it is the default, which withdrawal and payment offer first.
 */
export function deletePrompt(a: Pick<CollectionAccount, 'bankDicName' | 'accountNumber' | 'isDefault'>): { what: string; warning: string | null } {
  const last4 = a.accountNumber.slice(-4);
  return {
    what: `确认删除${a.bankDicName}（尾号${last4}）收款账户？`,
    warning: a.isDefault === FLAG.yes ? '这是您的默认收款账户，删除后将没有默认账户，提现时需重新选择。' : null,
  };
}
