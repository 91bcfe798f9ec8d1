import type { ReactNode } from 'react';

/**
 * Line icons of the shell and the login form, drawn here: the icon package's versions weigh about 1 KB each in the
 * entry bundle (ADR 0015). Same outline style as features/home/icons.tsx.
 */
const icon = (body: ReactNode) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {body}
  </svg>
);

export const BackIcon = () => icon(<path d="M15 4.5L7.5 12l7.5 7.5" />);
export const MessageIcon = () => icon(<><path d="M4 5h16v11H9.5L5 19.5V16H4z" /><path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" /></>);
export const HomeIcon = () => icon(<><rect x="4" y="4" width="6.5" height="6.5" rx="1.5" /><rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" /><rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" /><rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" /></>);
export const BagIcon = () => icon(<><path d="M5 8h14l-1 12H6z" /><path d="M9 10V7a3 3 0 0 1 6 0v3" /></>);
export const UserIcon = () => icon(<><circle cx="12" cy="8.5" r="4" /><path d="M4.5 20.5c1.2-3.8 4-5.5 7.5-5.5s6.3 1.7 7.5 5.5" /></>);
export const EyeIcon = () => icon(<><path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOffIcon = () => icon(<><path d="M3 3l18 18M10.6 6.1A9.6 9.6 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-2.9 3.6M6.6 7.6C4 9.3 2.5 12 2.5 12S6 18 12 18a9 9 0 0 0 4.3-1.1" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" /></>);
