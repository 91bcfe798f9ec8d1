import { useEffect, useState } from 'react';

/** The send-code button's countdown (spec 1 §9, spec 3 §9: 60 seconds before a code can be sent again). */
export function useCountdown(seconds = 60) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return { left, running: left > 0, start: () => setLeft(seconds) };
}
