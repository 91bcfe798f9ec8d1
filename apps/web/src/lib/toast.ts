/**
 * The one way to show a short message (spec 1 §8 toasts). Plain DOM, so the first screen does not carry
 * a popup library; a new toast replaces the one on screen.
 */
let current: { el: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

export function toast(content: string, duration = 2000) {
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
  current = { el, timer };
}
