import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ScanButton } from './scan-button.js';
import './lookups.css';

interface Props {
  title: string;
  label: string;
  placeholder: string;
  initial: string;
  /** Offer 扫一扫 (codes); a phone number is typed. */
  scan?: boolean;
  inputMode?: 'text' | 'numeric';
  maxLength: number;
  submitText: string;
  /** `auto` when the form queries the address's code by itself (queryInitial). */
  onSubmit: (value: string, auto?: boolean) => void;
  /** Query `initial` at once: a code that came in the address (a scanned QR code, spec 3 §2) needs no second tap. */
  queryInitial?: boolean;
  children?: ReactNode;
}

/** The one form of the public lookups: a banner, one field, scan, query; what follows (result, links) as children. */
export function LookupForm({ title, label, placeholder, initial, scan, inputMode = 'text', maxLength, submitText, onSubmit, queryInitial, children }: Props) {
  const [value, setValue] = useState(initial);
  const queried = useRef(false);
  useEffect(() => {
    if (!queryInitial || !initial || queried.current) return;
    queried.current = true;
    onSubmit(initial, true);
  }, []); // once, for the address the page opened with
  return (
    <div className="page lookup-page">
      <div className="lookup-banner">
        <strong>{title}</strong>
        <span>正品保障 · 官方查询</span>
      </div>
      <form
        className="card lookup-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(value);
        }}
      >
        <label className="lookup-field">
          <span>{label}</span>
          <input className="text-input" aria-label={label} placeholder={placeholder} inputMode={inputMode} maxLength={maxLength} value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <div className="lookup-actions">
          {scan && (
            <ScanButton
              onCode={(code) => {
                setValue(code);
                onSubmit(code);
              }}
            />
          )}
          <button type="submit" className="primary-button">
            {submitText}
          </button>
        </div>
      </form>
      {children}
    </div>
  );
}
