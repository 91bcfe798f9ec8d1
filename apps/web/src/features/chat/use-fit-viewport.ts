import { useLayoutEffect, type RefObject } from 'react';

/**
 * The chat fills what is left of the visible screen below whatever sits above it (the shell's back bar), so its
 * composer is always on screen: the visual viewport shrinks when the keyboard opens, and the height follows it.
 */
export function useFitViewport(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const vv = window.visualViewport;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const visible = vv?.height ?? window.innerHeight;
      el.style.height = `${Math.max(0, Math.round(visible - top))}px`;
    };
    fit();
    vv?.addEventListener('resize', fit);
    window.addEventListener('resize', fit);
    return () => {
      vv?.removeEventListener('resize', fit);
      window.removeEventListener('resize', fit);
    };
  }, [ref]);
}
