import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { i18nReady } from './i18n';
import { App } from './app/App';

// An English session waits for its catalogue (one small request) rather than flashing pt-BR.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
