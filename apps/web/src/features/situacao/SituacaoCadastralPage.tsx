import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListaSituacaoCadastral } from '@cadastro/domain';
import { formatCaceal, lerListaCaceal, LIMITE_LISTA_CACEAL, REGISTRY_API_BASE } from '@cadastro/domain';
import { DataTable } from '../../ui/DataTable';
import { StatusBadge } from '../../ui/StatusBadge';
import { useAbrirPdf } from '../../ui/documentos';
import { http } from '../../ui/http';

/** §2 situacaoCadastral: the current status of a pasted list of CACEALs, printable. */
export default function SituacaoCadastralPage() {
  const { t } = useTranslation();
  const [texto, setTexto] = useState('');
  const [resultado, setResultado] = useState<ListaSituacaoCadastral | null>(null);
  const [carregando, setCarregando] = useState(false);
  const [imprimindo, setImprimindo] = useState(false);
  const abrirPdf = useAbrirPdf();
  const lido = lerListaCaceal(texto);
  const erro = lido.invalidos.length
    ? t('situacao.lista.invalidos', { itens: lido.invalidos.slice(0, 10).join(', ') + (lido.invalidos.length > 10 ? '…' : '') })
    : lido.caceais.length > LIMITE_LISTA_CACEAL
      ? t('situacao.lista.demais', { max: LIMITE_LISTA_CACEAL })
      : null;
  const consultar = async () => {
    if (erro || !lido.caceais.length) return;
    setCarregando(true);
    try {
      setResultado(await http.post<ListaSituacaoCadastral>(`${REGISTRY_API_BASE}/contribuinte/obterSituacaoCadastral`, lido.caceais));
    } catch {
      setResultado(null);
    } finally {
      setCarregando(false);
    }
  };
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
      <Paper withBorder p="md">
        <form onSubmit={(e) => { e.preventDefault(); void consultar(); }}>
          <Stack>
            <Textarea
              label={t('situacao.lista.caceais')}
              description={t('situacao.lista.dica', { max: LIMITE_LISTA_CACEAL })}
              placeholder="24000001, 24000002, 24000003"
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
              <Button variant="default" onClick={() => void imprimir()} disabled={!resultado?.content.length} loading={imprimindo}>{t('fic.imprimir')}</Button>
              {lido.caceais.length > 0 && <Text size="sm" c="dimmed">{t('situacao.lista.contagem', { n: lido.caceais.length })}</Text>}
            </Group>
          </Stack>
        </form>
      </Paper>
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
              render: (c) => <Anchor component={Link} to={`/contribuinte/${c.numeroCaceal}/${c.numeroPessoa}`} style={{ whiteSpace: 'nowrap' }}>{formatCaceal(c.numeroCaceal, c.digitoCaceal)}</Anchor>,
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
