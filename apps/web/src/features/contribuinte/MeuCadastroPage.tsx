import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import { useNavigate, useParams } from 'react-router';
import { formatCaceal, formatDocumento, REGISTRY_API_BASE } from '@cadastro/domain';
import { http, HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { useUserKey } from '../../ui/session';
import { ContribuinteDetalhe } from './ContribuinteDetailPage';

interface UsuarioLogado {
  numeroPessoa: number;
  nome: string;
  numeroDocumento: string;
  cacealList: number[];
}

/** §2 meu-cadastro and meu-cadastro/{number}: the signed-in taxpayer's own registration, read-only. */
export default function MeuCadastroPage() {
  const { t } = useTranslation();
  const { number } = useParams();
  const navigate = useNavigate();
  const userKey = useUserKey();
  const q = useQuery({
    // "Mine" names whoever is signed in: the key must name them too.
    queryKey: userKey(['meu-cadastro']),
    queryFn: ({ signal }) => http.get<UsuarioLogado>(`${REGISTRY_API_BASE}/pessoa/obterUsuarioLogado`, { silent: true, signal }),
    retry: false,
  });
  if (q.isPending) {
    return (
      <Carregando h={160} />
    );
  }
  if (q.isError) {
    // 404: the account is linked to no taxpayer (e.g. created by an administrator).
    const semVinculo = q.error instanceof HttpError && q.error.status === 404;
    return (
      <Alert color="yellow" mt="md" role="alert" data-testid="meu-cadastro-erro">
        {semVinculo ? t('contribuinte.meuCadastro.semVinculo') : httpErrorMessage(q.error, t)}
      </Alert>
    );
  }
  const me = q.data;
  if (!me.cacealList.length) {
    // A person (e.g. a first gov.br sign-in) who holds no registration: said so, not a refused read of none.
    return (
      <Alert color="blue" mt="md" role="status" data-testid="meu-cadastro-sem-inscricao">
        {t('contribuinte.meuCadastro.semInscricao', { nome: me.nome, documento: formatDocumento(me.numeroDocumento) })}
      </Alert>
    );
  }
  const caceal = number && me.cacealList.includes(Number(number)) ? Number(number) : me.cacealList[0];
  return (
    <Stack gap={0}>
      {me.cacealList.length > 1 && (
        <SegmentedControl
          mt="md"
          value={String(caceal)}
          onChange={(v) => void navigate(`/meu-cadastro/${v}`)}
          data={me.cacealList.map((c) => ({ value: String(c), label: formatCaceal(c) }))}
          aria-label={t('contribuinte.caceal')}
        />
      )}
      <ContribuinteDetalhe numeroPessoa={me.numeroPessoa} caceal={caceal} />
    </Stack>
  );
}
