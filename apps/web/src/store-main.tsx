import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreApp } from './features/store/store-app.js';
import { storeStart } from './features/store/store-start.js';
import './styles.css';
import './features/store/store.css';

// The consumer store /store/<shopId> (ADR 0038): its own entry, without the agents' router, session or query layer.
void storeStart().then((render) => {
  if (!render) return;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StoreApp />
    </StrictMode>,
  );
});
