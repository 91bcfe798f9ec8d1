import { fullAddress, type LogisticsAddress } from '@shop/contract/address';
import { FLAG } from '@shop/contract/flags';
import { CheckLine } from '../../components/form-row.js';

interface Props {
  address: LogisticsAddress;
  /** Pick mode (openType 1): tapping the address picks it. */
  onPick?: () => void;
  onDefaultChange: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One address of the list: receiver, phone and address, then 'set default', edit and delete (spec 2 §2). */
export function AddressItem({ address: a, onPick, onDefaultChange, onEdit, onDelete }: Props) {
  const body = (
    <>
      <span className="address-head">
        <span className="address-name">{a.receiverNmae}</span>
        <span>{a.receiverPhone}</span>
        {a.isDefAddr === FLAG.yes && <span className="address-tag">默认</span>}
      </span>
      <span className="address-text">{fullAddress(a)}</span>
    </>
  );
  return (
    <section className="card address-item" aria-label={`${a.receiverNmae} ${a.receiverPhone}`}>
      {onPick ? (
        <button type="button" className="address-body" onClick={onPick}>
          {body}
        </button>
      ) : (
        <div className="address-body">{body}</div>
      )}
      <div className="address-actions">
        <CheckLine checked={a.isDefAddr === FLAG.yes} onChange={onDefaultChange}>
          设为默认
        </CheckLine>
        <span className="address-buttons">
          <button type="button" className="text-button" onClick={onEdit}>
            编辑
          </button>
          <button type="button" className="text-button" onClick={onDelete}>
            删除
          </button>
        </span>
      </div>
    </section>
  );
}
