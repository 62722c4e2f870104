import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, ScrollArea, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LinhaColada } from '@cadastro/domain';
import { colarLinhas, listaColadaValida, TIPOS_DOCUMENTO_VINCULADO } from '@cadastro/domain';
import { httpErrorMessage } from '../../ui/errors';
import { Pagination } from '../../ui/Pagination';
import { dadosContribuintes } from './api';
import { Caceal } from '../../ui/Caceal';

const POR_PAGINA = 50;

/** A pasted row with what the registry says of its CACEAL (a CACEAL the registry lacks makes it invalid). */
export interface LinhaLista extends Omit<LinhaColada, 'erro'> {
  erro: LinhaColada['erro'] | 'naoEncontrado';
  razaoSocial?: string;
  situacaoCadastral?: string;
  digitoCaceal?: number;
}

/**
 * §5 CACEAL-list dialog: rows pasted from a spreadsheet (tab-separated, up to 4 columns); duplicates
 * are not added, invalid rows are red, and OK stays disabled while the list is empty or any row is invalid.
 * Each new CACEAL is checked against the registry.
 */
export function ListaCacealDialog({ opened, onClose, onOk }: { opened: boolean; onClose(): void; onOk(linhas: LinhaLista[]): void }) {
  const { t, i18n } = useTranslation();
  const [texto, setTexto] = useState('');
  const [linhas, setLinhas] = useState<LinhaLista[]>([]);
  const [verificando, setVerificando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const invalidas = linhas.filter((l) => l.erro).length;
  // A notice may list 10,000 rows: the table shows a page of them (rendering all froze the page for seconds),
  // and the invalid ones can be listed alone, so none hides on page 150.
  const [pagina, setPagina] = useState(1);
  const [soInvalidas, setSoInvalidas] = useState(false);
  const visiveis = soInvalidas && invalidas ? linhas.map((l, i) => ({ l, i })).filter((x) => x.l.erro) : linhas.map((l, i) => ({ l, i }));
  const atual = Math.min(pagina, Math.max(1, Math.ceil(visiveis.length / POR_PAGINA)));

  const adicionar = async () => {
    const todas = colarLinhas(linhas as LinhaColada[], texto) as LinhaLista[];
    const novas = todas.slice(linhas.length);
    setTexto('');
    const caceals = [...new Set(novas.filter((l) => !l.erro).map((l) => l.numeroCaceal!))];
    if (!caceals.length) return setLinhas(todas);
    setVerificando(true);
    setErro(null);
    try {
      const r = await dadosContribuintes(caceals);
      const porCaceal = new Map(r.encontrados.map((c) => [c.numeroCaceal, c]));
      setLinhas(todas.map((l, i) => {
        if (i < linhas.length || l.erro) return l;
        const c = porCaceal.get(l.numeroCaceal!);
        return c ? { ...l, razaoSocial: c.razaoSocial, situacaoCadastral: c.situacaoCadastral, digitoCaceal: c.digitoCaceal } : { ...l, erro: 'naoEncontrado' };
      }));
    } catch (e) {
      setErro(httpErrorMessage(e, t));
      setLinhas(linhas);
    } finally {
      setVerificando(false);
    }
  };
  const fechar = () => {
    setLinhas([]);
    setPagina(1);
    setSoInvalidas(false);
    setTexto('');
    onClose();
  };
  const tipo = (id: number | null) => TIPOS_DOCUMENTO_VINCULADO.find((x) => x.id === id)?.descricao ?? '';

  return (
    <Modal opened={opened} onClose={fechar} title={t('edital.lista.title')} size="xl">
      <Stack>
        <Text size="sm">{t('edital.lista.instrucao')}</Text>
        <Textarea label={t('edital.lista.colar')} value={texto} onChange={(e) => setTexto(e.currentTarget.value)} autosize minRows={4} maxRows={10} data-testid="lista-caceal-texto" />
        <Group>
          <Button variant="light" onClick={() => void adicionar()} disabled={!texto.trim()} loading={verificando} data-testid="lista-caceal-adicionar">{t('edital.lista.adicionar')}</Button>
          {linhas.length > 0 && <Button variant="subtle" color="red" onClick={() => setLinhas([])}>{t('edital.lista.limpar')}</Button>}
        </Group>
        {erro && <Alert color="red" role="alert">{erro}</Alert>}
        {invalidas > 0 && <Alert color="red" role="status">{t('edital.lista.invalidas', { n: invalidas.toLocaleString(i18n.language) })}</Alert>}
        {linhas.length > 0 && (
          <Group justify="space-between">
            <Text size="sm" data-testid="lista-caceal-total">{t('edital.lista.total', { total: linhas.length.toLocaleString(i18n.language) })}</Text>
            {invalidas > 0 && <Switch label={t('edital.lista.soInvalidas')} checked={soInvalidas} onChange={(e) => { setSoInvalidas(e.currentTarget.checked); setPagina(1); }} />}
          </Group>
        )}
        {linhas.length > 0 && (
          <ScrollArea.Autosize mah={360}>
            <Table striped={false} withTableBorder data-testid="lista-caceal-linhas">
              <Table.Thead>
                <Table.Tr>
                  {(['caceal', 'documento', 'tipo', 'observacao', 'razaoSocial', 'erro'] as const).map((c) => <Table.Th key={c}>{t(`edital.lista.col.${c}`)}</Table.Th>)}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visiveis.slice((atual - 1) * POR_PAGINA, atual * POR_PAGINA).map(({ l, i }) => (
                  <Table.Tr key={i} bg={l.erro ? 'red.1' : undefined} data-invalida={l.erro ? 'true' : undefined}>
                    <Table.Td>{l.numeroCaceal === null ? l.texto.split('\t')[0] : <Caceal numero={l.numeroCaceal} digito={l.digitoCaceal} />}</Table.Td>
                    <Table.Td>{l.numeroDocumentoVinculado}</Table.Td>
                    <Table.Td>{tipo(l.tipoDocumentoVinculado)}</Table.Td>
                    <Table.Td>{l.observacao}</Table.Td>
                    <Table.Td>{l.razaoSocial}{l.situacaoCadastral ? ` (${l.situacaoCadastral})` : ''}</Table.Td>
                    <Table.Td c={l.erro ? 'red.9' : undefined}>{l.erro ? t(`edital.lista.erro.${l.erro}`) : ''}</Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={t('edital.lista.remover', { n: i + 1 })} onClick={() => setLinhas(linhas.filter((_, j) => j !== i))}>
                        <span aria-hidden>✕</span>
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        {visiveis.length > POR_PAGINA && <Pagination page={atual} total={visiveis.length} pageSize={POR_PAGINA} onChange={setPagina} />}
        {verificando && <Text size="sm">{t('edital.lista.verificando')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={fechar}>{t('edital.lista.cancelar')}</Button>
          <Button disabled={!listaColadaValida(linhas as LinhaColada[]) || verificando} onClick={() => { onOk(linhas); fechar(); }} data-testid="lista-caceal-ok">{t('edital.lista.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
