import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What the dialog asks: a title, a line of detail, and the words of its two buttons. */
export interface ConfirmAsk {
  title: string;
  body?: string;
  ok: string;
  cancel?: string;
}

interface Open extends ConfirmAsk {
  resolve: (yes: boolean) => void;
}

/**
 * The store's own confirm (ADR 0042), instead of the browser's confirm(): an in-page dialog in the store's light style
 * (no UI library), role="dialog" with aria-modal, its title and detail named; focus moves to 取消 (the safe answer) and
 * stays inside while open (Tab cycles), Escape or the scrim answers no, and focus goes back to what opened it.
 * `ask` answers true for the dialog's OK button.
 */
export function useStoreConfirm() {
  const [open, setOpen] = useState<Open | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ask = useCallback(
    (a: ConfirmAsk) =>
      new Promise<boolean>((resolve) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen({ ...a, resolve });
      }),
    [],
  );
  const answer = useCallback(
    (yes: boolean) => {
      open?.resolve(yes);
      setOpen(null);
      const back = opener.current;
      opener.current = null;
      // After the dialog leaves the page, so the opener (still there) takes the focus back.
      if (back) requestAnimationFrame(() => back.isConnected && back.focus());
    },
    [open],
  );
  const dialog = open ? <ConfirmDialog ask={open} onAnswer={answer} /> : null;
  return { ask, dialog };
}

function ConfirmDialog({ ask, onAnswer }: { ask: ConfirmAsk; onAnswer: (yes: boolean) => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onAnswer(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onAnswer]);
  // Tab and Shift+Tab stay among the dialog's buttons.
  const trap = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>('button')];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="store-dialog-mask" onClick={(e) => e.target === e.currentTarget && onAnswer(false)}>
      <div
        ref={box}
        className="store-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={ask.body ? `${id}-body` : undefined}
        onKeyDown={trap}
      >
        <h2 id={`${id}-title`}>{ask.title}</h2>
        {ask.body && (
          <p id={`${id}-body`} className="store-note">
            {ask.body}
          </p>
        )}
        <div className="store-dialog-buttons">
          <button ref={cancel} type="button" className="store-button ghost" onClick={() => onAnswer(false)}>
            {ask.cancel ?? '取消'}
          </button>
          <button type="button" className="store-button" onClick={() => onAnswer(true)}>
            {ask.ok}
          </button>
        </div>
      </div>
    </div>
  );
}
