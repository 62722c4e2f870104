import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { SessionProvider } from '../ui/session';
import { retryUnlessClientError } from '../ui/queries';
import { AppRouter } from './Router';
import { buildTheme } from './theme';

const queryClient = new QueryClient({
  // A 4xx is an answer, not a failure to retry (a 404 shows the not-found state at once).
  defaultOptions: { queries: { retry: retryUnlessClientError, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function Themed({ children }: { children: ReactNode }) {
  const { t, i18n: i } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes
  const theme = useMemo(() => buildTheme(t), [t, i.language]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: i.language === 'en' ? 'en' : 'pt-br', firstDayOfWeek: 0 }}>{children}</DatesProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AppRouter />
          </SessionProvider>
        </QueryClientProvider>
      </Themed>
    </I18nextProvider>
  );
}
