import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Carregando } from '../../ui/Carregando';
import { useSession } from '../../ui/session';
import { clearStored, readStored, storageKeys } from '../../ui/storage';

const ERROS = ['pedido', 'provedor', 'contaEquipe', 'semPapel', 'desativada'] as const;

/**
 * Where an identity provider's return lands (#/entrada): the server kept the new session in a short-lived
 * httpOnly cookie, taken here by one POST; then the page asked for before the sign-in, with this URL
 * replaced in the history. No token or code ever sits in the address bar.
 */
export default function EntradaPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const erroDoServidor = params.get('erro');
  const [erro, setErro] = useState<string | null>(erroDoServidor && (ERROS as readonly string[]).includes(erroDoServidor) ? erroDoServidor : erroDoServidor ? 'provedor' : null);
  const feito = useRef(false);

  useEffect(() => {
    if (erroDoServidor || feito.current) return;
    feito.current = true; // StrictMode runs effects twice; the session is handed once
    session.adoptarSessaoDoProvedor().then(
      () => {
        const destino = readStored(storageKeys.requestedUrl);
        clearStored(storageKeys.requestedUrl);
        void navigate(destino ?? '/', { replace: true });
      },
      () => setErro('sessao'),
    );
  }, [erroDoServidor, navigate, session]);

  if (!erro) return <Carregando />;
  return (
    <Stack maw={560} py="md">
      <Alert color="red" role="alert" title={t('identidade.erro.titulo')} data-testid="entrada-erro">
        {t(`identidade.erro.${erro}`)}
      </Alert>
      <Anchor component={Link} to="/">{t('identidade.voltar')}</Anchor>
    </Stack>
  );
}
