import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, loadOpeningScreen } from './app/router.js';
import { beforeFirstRender } from './app/start.js';
import { refreshAgentInfo } from './lib/auth.js';
import './styles.css';

// The opening screen's chunks load while WeChat's OAuth check (if any) runs; the first render waits for both.
void Promise.all([beforeFirstRender(), loadOpeningScreen()]).then(([render]) => {
  if (!render) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
  // spec 1 §4: the agent's info is refreshed at start-up.
  void refreshAgentInfo().catch(() => undefined);
});
