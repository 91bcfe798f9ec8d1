import { useRef, useState, type ReactNode } from 'react';

interface Props {
  label: string;
  onClick: () => void;
  /** Starting offset from the right and bottom edges, in px. */
  start: { right: number; bottom: number };
  children: ReactNode;
}

/** A round button the user can drag anywhere on the screen; a drag does not count as a tap. */
export function FloatingButton({ label, onClick, start, children }: Props) {
  const [pos, setPos] = useState(start);
  const drag = useRef<{ x: number; y: number; right: number; bottom: number; moved: boolean } | null>(null);

  return (
    <button
      type="button"
      className="floating-button"
      aria-label={label}
      style={{ right: pos.right, bottom: pos.bottom }}
      onPointerDown={(e) => {
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        drag.current = { x: e.clientX, y: e.clientY, ...pos, moved: false };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        const dx = e.clientX - d.x;
        const dy = e.clientY - d.y;
        if (Math.abs(dx) + Math.abs(dy) > 6) d.moved = true;
        if (!d.moved) return;
        const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
        setPos({ right: clamp(d.right - dx, window.innerWidth - 48), bottom: clamp(d.bottom - dy, window.innerHeight - 48) });
      }}
      onPointerUp={() => {
        const moved = drag.current?.moved;
        drag.current = null;
        if (!moved) onClick();
      }}
    >
      {children}
    </button>
  );
}
