import '@caucus/design-system/tokens.css';
import '@caucus/design-system/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { ensureRemotesRegistered } from './federation/remotes';

// Start fetching remotes.json now, without waiting for it: the frame and the auth pages render
// at once, and a section waits for the registration only when it loads its remote.
ensureRemotesRegistered().catch((error: unknown) => {
  console.warn('[caucus] remotes.json could not be loaded; sections will retry', error);
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
