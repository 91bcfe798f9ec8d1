import { Link } from 'react-router';
import type { CollectionAccount } from '@shop/contract/funds-accounts';
import { FLAG } from '@shop/contract/flags';

const tail = (n: string) => (n.length > 4 ? `**** ${n.slice(-4)}` : n);

/** The collection account a withdrawal is paid to; with none, a link to add one (spec 3 §2 /eceiving). */
export function AccountChoice({ accounts, value, onChange }: { accounts: CollectionAccount[]; value: number | null; onChange: (id: number) => void }) {
  if (accounts.length === 0) {
    return (
      <p className="funds-none">
        暂无收款账户，<Link to="/eceiving">去添加收款账户</Link>
      </p>
    );
  }
  return (
    <div role="radiogroup" aria-label="收款账户">
      {accounts.map((a) => {
        const label = `${a.bankDicName} ${a.accountName} ${tail(a.accountNumber)}`;
        return (
          <label key={a.id} className="funds-choice">
            <span>
              {a.bankDicName}
              <small className="muted">
                {' '}
                {a.accountName} {tail(a.accountNumber)}
                {a.isDefault === FLAG.yes && ' 默认'}
              </small>
            </span>
            <input type="radio" name="account" aria-label={label} checked={value === a.id} onChange={() => onChange(a.id)} />
          </label>
        );
      })}
    </div>
  );
}
