import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreApp } from './features/store/store-app.js';
import { storeStart } from './features/store/store-start.js';
import './styles.css';
import './features/store/store.css';

// The consumer store /store/<shopId> (ADR 0038): its own entry, without the agents' router, session or query layer.
void storeStart().then((render) => {
  if (!render) return;
  // ADR 0049: the first render as a transition, rendered in slices (no long task at start-up).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <StoreApp />
      </StrictMode>,
    ),
  );
});
