import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContribuintePublico, SolicitacaoPublica } from '@cadastro/domain';
import { formatCnpj, formatDocumento, isValidCnpj, onlyCnpjChars, REGISTRY_API_BASE } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { httpErrorMessage } from '../../../ui/errors';
import { formatInstant } from '../../../ui/format';
import { http } from '../../../ui/http';
import { param, useUrlState } from '../../../ui/urlState';
import { StatusSolicitacao } from './SolicitacoesAba';
import { CampoData } from '../../../ui/CampoData';

const TIPOS = ['protocolo', 'cnpj'] as const;
type Tipo = (typeof TIPOS)[number];
const URL_STATE = { tipo: param.oneOf(TIPOS), numero: param.text(30), data: param.day() };
const KEY = ['solicitacao', 'publica'] as const;
const valido = (tipo: Tipo, numero: string) => (tipo === 'protocolo' ? /^[0-9A-Za-z]{1,20}$/.test(numero) : isValidCnpj(onlyCnpjChars(numero)));

/**
 * Public consultation of a request (no sign-in): by protocol or CNPJ and the day it was made, the
 * processing status and messages only — nothing about partners or people.
 */
export default function ConsultaPublicaSolicitacaoPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(URL_STATE);
  const pronto = !!url.tipo && !!url.numero && !!url.data && valido(url.tipo, url.numero);
  const q = useQuery({
    enabled: pronto,
    queryKey: [...KEY, url.tipo, url.numero, url.data],
    queryFn: ({ signal }) =>
      http.get<SolicitacaoPublica[]>(`${REGISTRY_API_BASE}/public/solicitacao/consultar`, { query: { [url.tipo!]: url.numero, dataSolicitacao: url.data }, silent: true, signal }),
    retry: false,
  });
  const empresa = useQuery({
    enabled: pronto && url.tipo === 'cnpj',
    queryKey: [...KEY, 'empresa', url.numero],
    queryFn: ({ signal }) => http.get<ContribuintePublico>(`${REGISTRY_API_BASE}/contribuinte/obterContribuinte/${url.numero}`, { silent: true, signal }),
    retry: false,
  });
  return (
    <Stack py="md" maw={900}>
      <Title order={1}>{t('solicitacao.publica.title')}</Title>
      <Text>{t('solicitacao.publica.intro')}</Text>
      <Formulario key={`${url.tipo}|${url.numero}|${url.data}`} inicial={url} onConsultar={(v) => void setUrl(v, { refresh: KEY })} />
      {pronto && (q.isPending ? <Carregando h={80} /> : q.isError ? (
        <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>
      ) : (
        <Stack data-testid="solicitacoes-publicas">
          {empresa.data && <Text fw={700}>{formatDocumento(empresa.data.cnpj)} — {empresa.data.razaoSocial}{empresa.data.situacaoCadastral ? ` (${empresa.data.situacaoCadastral})` : ''}</Text>}
          {q.data.length === 0 && <Alert color="gray">{t('solicitacao.publica.vazio')}</Alert>}
          {q.data.map((s) => (
            <Paper key={`${s.sistema}-${s.protocolo}`} withBorder p="md">
              <Group justify="space-between" wrap="wrap">
                <Text fw={700}>{t(`solicitacao.publica.sistema.${s.sistema}`)} — {t('solicitacao.protocolo')} {s.protocolo}</Text>
                <StatusSolicitacao sistema={s.sistema} codigo={s.codTipoStatusProcessamento} descricao={s.dscTipoStatusProcessamento} />
              </Group>
              <Text size="sm">{formatDocumento(s.numCnpj)} — {s.nomEmpresarial} · {formatInstant(s.dthSolicitacao)}</Text>
              <Title order={2} size="h6" mt="sm">{t('solicitacao.publica.mensagens')}</Title>
              {s.mensagens.length ? s.mensagens.map((m, i) => <Text key={i} size="sm">{formatInstant(m.dthProcessamento)} — {m.dscMensagem}</Text>) : <Text size="sm" c="dimmed">{t('solicitacao.publica.semMensagens')}</Text>}
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function Formulario({ inicial, onConsultar }: { inicial: { tipo?: Tipo; numero?: string; data?: string }; onConsultar(v: { tipo: Tipo; numero: string; data: string }): void }) {
  const { t } = useTranslation();
  const [tipo, setTipo] = useState<Tipo>(inicial.tipo ?? 'protocolo');
  const [numero, setNumero] = useState(inicial.tipo === 'cnpj' ? formatCnpj(inicial.numero ?? '') : (inicial.numero ?? ''));
  const [data, setData] = useState<string | null>(inicial.data ?? null);
  const ok = valido(tipo, numero.trim()) && !!data;
  const enviar = () => ok && onConsultar({ tipo, numero: tipo === 'cnpj' ? onlyCnpjChars(numero) : numero.trim().toUpperCase(), data: data! });
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => { e.preventDefault(); enviar(); }} noValidate>
        <Stack>
          <SegmentedControl aria-label={t('solicitacao.publica.tipo')} w="fit-content" value={tipo} onChange={(v) => { setTipo(v as Tipo); setNumero(''); }}
            data={[{ value: 'protocolo', label: t('solicitacao.publica.protocolo') }, { value: 'cnpj', label: t('solicitacao.publica.cnpj') }]} />
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={tipo === 'cnpj' ? t('solicitacao.publica.cnpj') : t('solicitacao.publica.protocolo')}
              withAsterisk
              value={numero}
              placeholder={tipo === 'cnpj' ? '99.999.999/9999-99' : ''}
              onChange={(e) => setNumero(tipo === 'cnpj' ? formatCnpj(onlyCnpjChars(e.currentTarget.value).slice(0, 14)) : e.currentTarget.value.slice(0, 20))}
              error={numero && !valido(tipo, numero.trim()) ? t('solicitacao.publica.invalido') : undefined}
              w={260}
            />
            <CampoData label={t('solicitacao.publica.dataSolicitacao')} withAsterisk value={data} onChange={setData} w={170} />
          </Group>
          <Group><Button type="submit" disabled={!ok}>{t('solicitacao.publica.consultar')}</Button></Group>
        </Stack>
      </form>
    </Paper>
  );
}
