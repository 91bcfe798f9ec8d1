import { Popup } from '../../components/ui.js';

/**
 * The purchase gate's confirm (detail-page passesGate), loaded with this on-tap chunk: antd-mobile stays off the
 * page's first load (ADR 0015), and importing ui.js dynamically from the page itself split the entry chunk apart.
 */
export { Dialog } from '../../components/ui.js';
import { ExchangeCost } from '../../components/exchange-cost.js';
import { QuantityStepper } from '../../components/quantity-stepper.js';
import { yuanText } from '../../lib/money.js';
import type { SpecOption } from './use-detail.js';

export type SheetMode = 'pick' | 'cart' | 'buy';

interface Props {
  open: boolean;
  mode: SheetMode;
  exchange: { exchangeType: number } | null;
  options: SpecOption[];
  selected: number;
  quantity: number;
  /** Actions offered at the bottom: their labels and whether they can be used. */
  actions: { key: 'cart' | 'buy'; label: string; disabled?: boolean }[];
  onSelect: (index: number) => void;
  onQuantity: (n: number) => void;
  onAction: (key: 'cart' | 'buy') => void;
  onClose: () => void;
}

/** spec 1 §2 /detail spec picker: the specs (or activity items), the quantity 1..99999 and the action. */
export default function SpecSheet({ open, mode, exchange, options, selected, quantity, actions, onSelect, onQuantity, onAction, onClose }: Props) {
  const current = options[selected];
  const shown = mode === 'pick' ? actions : actions.filter((a) => a.key === mode);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="spec-sheet" destroyOnClose>
      <div role="dialog" aria-label="选择规格">
        <div className="spec-sheet-head">
          {current && <img src={current.imgUrl} alt="" />}
          <div>
            <div className="spec-sheet-price">
              {exchange && current ? (
                <ExchangeCost exchangeType={exchange.exchangeType} exchangeIntegral={current.exchangeIntegral} exchangePrice={current.exchangePrice} />
              ) : (
                current && <span className="price">¥{yuanText(current.finalPrice)}</span>
              )}
            </div>
            <div className="muted">{exchange ? '剩余' : '库存'} {current?.stock ?? 0}</div>
            <div className="muted">已选：{current?.label}</div>
          </div>
          <button type="button" className="spec-sheet-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="spec-sheet-title">规格</div>
        <div className="spec-options" role="radiogroup" aria-label="规格">
          {options.map((o, i) => (
            <button
              key={o.itemId ?? o.singleProdId}
              type="button"
              role="radio"
              aria-checked={i === selected}
              className={i === selected ? 'spec-option active' : 'spec-option'}
              disabled={o.stock <= 0}
              onClick={() => onSelect(i)}
            >
              {o.label}
            </button>
          ))}
        </div>
        <div className="spec-sheet-qty">
          <span>数量</span>
          <QuantityStepper label="数量" value={quantity} max={Math.min(99999, Math.max(1, current?.stock ?? 1))} onChange={onQuantity} />
        </div>
        <div className="spec-sheet-actions">
          {shown.map((a) => (
            <button key={a.key} type="button" className={`sheet-action sheet-${a.key}`} disabled={a.disabled} onClick={() => onAction(a.key)}>
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </Popup>
  );
}
