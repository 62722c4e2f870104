import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import './i18n';
import { App } from './app/App';

// The server's CSP allows no eval: zod would probe `new Function` (a CSP error in the console) and
// then fall back to this mode anyway.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
