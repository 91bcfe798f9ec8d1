import { stepperMax, type CartLine } from './cart-math.js';
import { QuantityStepper } from '../../components/quantity-stepper.js';

const ZONE_TAG: Record<number, string> = { 1: '自营', 2: '福利' };

interface Props {
  line: CartLine;
  checked: boolean;
  onToggle: () => void;
  onQuantity: (n: number) => void;
}

/** spec 1 §2 /shop row: checkbox, image, zone tag, name, spec, prices and the quantity stepper. */
export function CartRow({ line, checked, onToggle, onQuantity }: Props) {
  const bo = line.prodSingleProductBo;
  const name = bo.prodBaseInfoBo.prodName || bo.prodName;
  return (
    <li className="cart-line" aria-label={name}>
      <label className="cart-check-hit">
        <input type="checkbox" className="cart-check" aria-label={`选择${name}`} checked={checked} onChange={onToggle} />
      </label>
      <img className="cart-img" src={bo.imgUrl} alt="" loading="lazy" />
      <div className="cart-info">
        <div className="cart-name">
          <span className={`zone-tag zone-${line.prodType}`}>{ZONE_TAG[line.prodType] ?? ''}</span>
          {name}
        </div>
        <div className="cart-spec">{bo.specDispStr}</div>
        <div className="cart-bottom">
          <span className="cart-price">
            <span className="price-now">¥{bo.finalPrice}</span>
            <del className="price-retail">¥{bo.price}</del>
          </span>
          <QuantityStepper label="数量" value={line.prodNum} max={stepperMax(line)} onChange={onQuantity} />
        </div>
      </div>
    </li>
  );
}
