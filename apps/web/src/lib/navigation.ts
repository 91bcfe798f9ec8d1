/** Lets non-React code (the api client, logout) navigate through the router without importing it. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(fn: Navigate) {
  navigateImpl = fn;
}

export const navigate: Navigate = (to, opts) => navigateImpl(to, opts);

export const currentPath = () => `${window.location.pathname}${window.location.search}`;

export const loginWithRedirect = () => {
  const here = currentPath();
  return here.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
};
