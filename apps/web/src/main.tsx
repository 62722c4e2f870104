import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { i18nReady } from './i18n';
import { App } from './app/App';

// The server's CSP allows no eval: zod would probe `new Function` (a CSP error in the console) and
// then fall back to this mode anyway.
z.config({ jitless: true });

// An English session waits for its catalogue (one small request) rather than flashing pt-BR.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
