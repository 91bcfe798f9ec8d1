import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, loadOpeningScreen } from './app/router.js';
import { beforeFirstRender } from './app/start.js';
import { refreshAgentInfo } from './lib/auth.js';
import './styles.css';

// The opening screen's chunks load while WeChat's OAuth check (if any) runs; the first render waits for both.
void Promise.all([beforeFirstRender(), loadOpeningScreen()]).then(([render]) => {
  if (!render) return;
  // ADR 0049: the first render as a transition, so React renders it in slices and yields between them (no long task
  // at start-up; the screen's code and first data are already here, so nothing suspends).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
  // spec 1 §4: the agent's info is refreshed at start-up.
  void refreshAgentInfo().catch(() => undefined);
});
