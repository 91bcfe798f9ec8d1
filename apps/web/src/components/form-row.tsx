import type { InputHTMLAttributes, ReactNode } from 'react';

/** One labelled row of a phone form. */
export function FormRow({ label, children, extra }: { label: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <label className="form-row">
      <span className="form-label">{label}</span>
      <span className="form-control">{children}</span>
      {extra}
    </label>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  extra?: ReactNode;
};

/** A labelled text input: plain DOM, so the first screens stay light (see docs/decisions). */
export function TextField({ label, value, onChange, extra, ...input }: FieldProps) {
  return (
    <FormRow label={label} extra={extra}>
      <input className="text-input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </FormRow>
  );
}

/** A tickable line (remember password, agreement). */
export function CheckLine({ checked, onChange, children }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <label className="check-line">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** The primary action of a form. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="primary-button" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}
