import { Alert, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Carregando } from '../../ui/Carregando';
import { useNavigate, useParams } from 'react-router';
import { formatCaceal, REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
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
  const q = useQuery({
    queryKey: ['meu-cadastro'],
    queryFn: () => http.get<UsuarioLogado>(`${REGISTRY_API_BASE}/pessoa/obterUsuarioLogado`, { silent: true }),
    retry: false,
  });
  if (q.isPending) {
    return (
      <Carregando h={160} />
    );
  }
  if (q.isError) return <Alert color="yellow" mt="md" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const me = q.data;
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
