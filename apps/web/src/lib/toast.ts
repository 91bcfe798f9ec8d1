/**
 * The one way to show a short message (spec 1 §8 toasts). Plain DOM, so the first screen does not carry
 * a popup library; a new toast replaces the one on screen.
 */
let current: { el: HTMLElement; timer: ReturnType<typeof setTimeout>; keep: boolean } | null = null;

interface ToastOptions {
  /** Stay on screen across navigations for its duration (a message that explains why the app moves, e.g. to login). */
  keep?: boolean;
}

export function toast(content: string, duration = 2000, { keep = false }: ToastOptions = {}) {
  if (current) {
    clearTimeout(current.timer);
    current.el.remove();
  }
  const el = document.createElement('div');
  el.className = 'app-toast';
  el.setAttribute('role', 'alert');
  el.textContent = content;
  document.body.appendChild(el);
  const timer = setTimeout(() => {
    el.remove();
    if (current?.el === el) current = null;
  }, duration);
  current = { el, timer, keep };
}

/** Called on every navigation: a toast belongs to the screen it was shown on, unless it asked to stay. */
export function clearToastOnNavigation() {
  if (!current) return;
  // A message that explains why the app moves stays for its whole time: the move to /login may be two navigations
  // (the guard's redirect and the caller's), and the agent must still read why.
  if (current.keep) return;
  clearTimeout(current.timer);
  current.el.remove();
  current = null;
}
