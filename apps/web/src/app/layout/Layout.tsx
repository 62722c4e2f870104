import type { ReactNode } from 'react';
import { AppShell, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navbar, NAVBAR_LINHA, NAVBAR_SEGUNDA_LINHA } from './Navbar';
import { ProgressBar } from '../../ui/ProgressBar';
import { AlertProvider } from '../../ui/alerts';
import { LazyLoginModal } from './LazyLoginModal';
import { SaidasNomeadas } from './SaidasNomeadas';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: { base: NAVBAR_LINHA, md: NAVBAR_LINHA + NAVBAR_SEGUNDA_LINHA } }} padding="md">
      <a href="#main" className="skip-link" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        {t('global.skipToContent')}
      </a>
      <ProgressBar />
      <AppShell.Header>
        <Navbar />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" id="main" tabIndex={-1} style={{ outline: 'none' }}>
          <AlertProvider>
            {children}
            <SaidasNomeadas />
          </AlertProvider>
        </Container>
        <LazyLoginModal />
      </AppShell.Main>
    </AppShell>
  );
}
