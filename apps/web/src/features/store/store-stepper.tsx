import { MAX_BUY } from './store-cart.js';

/** A count from 1 to `max` (at most 999): − / + and typing, each labelled for a screen reader. */
export function Stepper({ value, max = MAX_BUY, label, onChange }: { value: number; max?: number; label: string; onChange: (n: number) => void }) {
  const top = Math.max(1, Math.min(MAX_BUY, max));
  return (
    <span className="store-stepper">
      <button type="button" aria-label={`减少${label}`} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <input
        inputMode="numeric"
        aria-label={label}
        value={value}
        onChange={(e) => {
          const n = Number(e.target.value.replace(/\D/g, ''));
          onChange(Number.isFinite(n) && n >= 1 ? Math.min(top, n) : 1);
        }}
      />
      <button type="button" aria-label={`增加${label}`} disabled={value >= top} onClick={() => onChange(value + 1)}>
        +
      </button>
    </span>
  );
}
