import { useEffect, useState } from 'react';
import './quantity-stepper.css';

interface Props {
  value: number;
  /** At most 99999 (spec 1 §9), or less when the stock is lower. */
  max: number;
  onChange: (value: number) => void;
  label: string;
}

/** − [n] +, whole numbers from 1 to max; typed text counts when the field is left or Enter is pressed. */
export function QuantityStepper({ value, max, onChange, label }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const top = Math.max(1, max);

  const commit = (next: number) => {
    const clamped = Math.min(Math.max(1, Math.trunc(next) || 1), top);
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  return (
    <span className="quantity-stepper">
      <button type="button" aria-label={`减少${label}`} disabled={value <= 1} onClick={() => commit(value - 1)}>
        −
      </button>
      <input
        aria-label={label}
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 5))}
        onBlur={() => (text === '' ? setText(String(value)) : commit(Number(text)))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <button type="button" aria-label={`增加${label}`} disabled={value >= top} onClick={() => commit(value + 1)}>
        +
      </button>
    </span>
  );
}
