import type { ReactNode } from 'react';

interface Props {
  /** The accessible name ('返回', '客服'). */
  label: string;
  onClick: () => void;
  children: ReactNode;
}

/**
 * One of the shell's page controls (spec 1 §2 floating back and service buttons). They sit in the dock above the
 * page (app/floating-controls.tsx), never over it: floating over the page they hid radios, order numbers and
 * product text. A 44 px tap target with a small icon.
 */
export function FloatingButton({ label, onClick, children }: Props) {
  return (
    <button type="button" className="floating-button" aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}
