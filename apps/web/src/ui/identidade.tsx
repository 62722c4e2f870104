import { Button, Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProvedoresEntrada, SessaoEntrada } from '@cadastro/domain';
import { http } from './http';

/** Which providers the server offers (none in prod without GOVBR_* / OIDC_*). */
export function useProvedores() {
  return useQuery({ queryKey: ['identidade-provedores'], queryFn: () => http.get<ProvedoresEntrada>('/api/identidade/provedores', { silent: true }), staleTime: Infinity });
}

/** A full-page navigation: the provider's pages are not ours to fetch. */
const ir = (provedor: 'govbr' | 'estado') => window.location.assign(`/api/identidade/${provedor}/entrar`);

/** gov.br's logotype in its colours, inline (the page works offline; no external asset). */
function LogoGovbr() {
  return (
    <span aria-hidden="true" style={{ fontWeight: 800, letterSpacing: '-0.02em', fontSize: '1.05em' }}>
      <span style={{ color: '#2670E8' }}>g</span>
      <span style={{ color: '#FFCD07' }}>o</span>
      <span style={{ color: '#168821' }}>v</span>
      <span style={{ color: '#0C326F' }}>.br</span>
    </span>
  );
}

/** "Entrar com gov.br" as gov.br's design system draws it: pill, blue border and text, the logotype. */
export function BotaoGovbr() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="entrar-govbr"
      aria-label={t('identidade.govbr.rotulo')}
      onClick={() => ir('govbr')}
      style={{
        display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '0.4em', height: 40, padding: '0 24px',
        borderRadius: '100em', border: '1px solid #1351B4', background: '#fff', color: '#1351B4', fontWeight: 600,
        fontSize: '16.8px', cursor: 'pointer', width: '100%',
      }}
    >
      {t('identidade.govbr.entrarCom')} <LogoGovbr />
    </button>
  );
}

/** The sign-in dialog's provider entries, when the server offers them. */
export function EntradaPorProvedor() {
  const { t } = useTranslation();
  const { data } = useProvedores();
  if (!data?.govbr && !data?.estado) return null;
  return (
    <Stack gap="xs">
      <Divider label={t('identidade.ou')} labelPosition="center" />
      {data.govbr && <BotaoGovbr />}
      {data.estado && (
        <Button variant="default" radius="xl" data-testid="entrar-estado" onClick={() => ir('estado')}>
          {t('identidade.estado')}
        </Button>
      )}
    </Stack>
  );
}

/** How the current session signed in: password, gov.br at a level, or the state's network. */
export function ComoEntrou() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['identidade-sessao'], queryFn: () => http.get<SessaoEntrada>('/api/identidade/sessao', { silent: true }) });
  if (!data) return null;
  return (
    <Text size="sm" data-testid="como-entrou">
      {t('identidade.comoEntrou.titulo')}: {data.metodo === 'govbr' ? t('identidade.comoEntrou.govbr', { nivel: data.nivel }) : t(`identidade.comoEntrou.${data.metodo}`)}
    </Text>
  );
}
