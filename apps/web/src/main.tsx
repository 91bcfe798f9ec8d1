import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRouter } from './app/router.js';
import { beforeFirstRender } from './app/start.js';
import { refreshAgentInfo } from './lib/auth.js';
import { queryClient } from './lib/query.js';
import './styles.css';

void beforeFirstRender().then((render) => {
  if (!render) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
  // spec 1 §4: the agent's info is refreshed at start-up.
  void refreshAgentInfo().catch(() => undefined);
});
