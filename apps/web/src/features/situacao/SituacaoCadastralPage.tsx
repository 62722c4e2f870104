import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListaSituacaoCadastral } from '@cadastro/domain';
import { Caceal } from '../../ui/Caceal';
import { lerListaCaceal, LIMITE_LISTA_CACEAL, REGISTRY_API_BASE } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAbrirPdf } from '../../ui/documentos';
import { http } from '../../ui/http';
import { param, useUrlState } from '../../ui/urlState';

/** The CACEALs consulted, in the URL: Back from a taxpayer opened from the table shows the table again. */
const LISTA_URL = { caceais: param.numbers(LIMITE_LISTA_CACEAL) };
const LISTA_KEY = ['situacao', 'lista'] as const;

/** §2 situacaoCadastral: the current status of a pasted list of CACEALs, printable. */
export default function SituacaoCadastralPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(LISTA_URL);
  const q = useQuery({
    queryKey: [...LISTA_KEY, url.caceais],
    queryFn: () => http.post<ListaSituacaoCadastral>(`${REGISTRY_API_BASE}/contribuinte/obterSituacaoCadastral`, url.caceais),
    enabled: !!url.caceais?.length,
  });
  const resultado = url.caceais ? q.data : undefined;
  const [imprimindo, setImprimindo] = useState(false);
  const abrirPdf = useAbrirPdf();
  const imprimir = async () => {
    if (!resultado?.content.length) return;
    setImprimindo(true);
    // The whole list consulted: the PDF names the unknown CACEALs too, as the screen does.
    await abrirPdf(`${REGISTRY_API_BASE}/relatorio/situacaoCadastral/imprimir`, {}, 'situacao-cadastral.pdf', {
      cacealLista: [...resultado.content.map((c) => c.numeroCaceal), ...resultado.naoEncontrados],
    });
    setImprimindo(false);
  };
  return (
    <Stack py="md">
      <Title order={1}>{t('situacao.lista.title')}</Title>
      <ListaForm
        key={url.caceais?.join(',') ?? ''}
        inicial={url.caceais?.join(', ') ?? ''}
        carregando={q.isFetching}
        podeImprimir={!!resultado?.content.length}
        imprimindo={imprimindo}
        onConsultar={(caceais) => void setUrl({ caceais }, { refresh: LISTA_KEY })}
        onImprimir={() => void imprimir()}
      />
      {resultado && resultado.naoEncontrados.length > 0 && (
        <Alert color="yellow" role="alert" data-testid="nao-encontrados">
          {t('situacao.lista.naoEncontrados', { lista: resultado.naoEncontrados.join(', ') })}
        </Alert>
      )}
      {resultado && (
        <DataTable
          rows={resultado.content}
          rowKey={(c) => c.numeroCaceal}
          emptyText={t('global.noRecords')}
          columns={[
            {
              key: 'caceal',
              header: t('contribuinte.caceal'),
              render: (c) => <Anchor component={Link} to={`/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}`} ><Caceal numero={c.numeroCaceal} digito={c.digitoCaceal} /></Anchor>,
            },
            { key: 'nome', header: t('contribuinte.razaoSocial'), render: (c) => c.razaoSocial },
            { key: 'situacao', header: t('fic.situacao'), render: (c) => <StatusBadge status={c.situacaoCadastral} /> },
            { key: 'motivo', header: t('contribuinte.motivo'), render: (c) => c.motivoSituacaoCadastral ?? '' },
          ]}
        />
      )}
    </Stack>
  );
}

function ListaForm({ inicial, carregando, podeImprimir, imprimindo, onConsultar, onImprimir }: {
  inicial: string;
  carregando: boolean;
  podeImprimir: boolean;
  imprimindo: boolean;
  onConsultar(caceais: number[]): void;
  onImprimir(): void;
}) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(inicial);
  const lido = lerListaCaceal(texto);
  const erro = lido.invalidos.length
    ? t('situacao.lista.invalidos', { itens: lido.invalidos.slice(0, 10).join(', ') + (lido.invalidos.length > 10 ? '…' : '') })
    : lido.caceais.length > LIMITE_LISTA_CACEAL
      ? t('situacao.lista.demais', { max: LIMITE_LISTA_CACEAL })
      : null;
  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => { e.preventDefault(); if (!erro && lido.caceais.length) onConsultar(lido.caceais); }}>
        <Stack>
          <Textarea
            label={t('situacao.lista.caceais')}
            description={t('situacao.lista.dica', { max: LIMITE_LISTA_CACEAL })}
            placeholder="24000001, 24300002, 24800003"
            autosize
            minRows={3}
            maxRows={10}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
            error={erro}
            required
          />
          <Group>
            <Button type="submit" disabled={!!erro || !lido.caceais.length} loading={carregando}>{t('contribuinte.busca.consultar')}</Button>
            <Button variant="default" onClick={onImprimir} disabled={!podeImprimir} loading={imprimindo}>{t('fic.imprimir')}</Button>
            {lido.caceais.length > 0 && <Text size="sm" c="dimmed">{t('situacao.lista.contagem', { n: lido.caceais.length })}</Text>}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
