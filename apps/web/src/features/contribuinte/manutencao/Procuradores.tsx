import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatDocumento, type Procurador } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { formatDay } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba } from '../api';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { BarraEdicao } from './Salvar';

type Props = { numeroPessoa: number; caceal: number | undefined };

type Proc = Pick<Procurador, 'numeroPessoa' | 'numeroDocumento' | 'razaoSocial' | 'dataInicioValidade'>;
const blocoProcuradores = (l: Proc[]) => l.map((p) => ({ numeroPessoa: p.numeroPessoa, dataInicioValidade: p.dataInicioValidade }));

/** Procurador no Estado: add by CPF lookup ('Cadastrar' when not found) with a start date; remove. */
export function ProcuradoresEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Procurador[]>('obterProcuradores', numeroPessoa, caceal);
  const aba = useAbaEditavel<Proc[]>('procuradores', q.data, blocoProcuradores);
  const [aberto, setAberto] = useState(false);
  const [pessoa, setPessoa] = useState<Encontrada | null>(null);
  const [inicio, setInicio] = useState<string | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const lista = aba.atual ?? [];
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => { setPessoa(null); setInicio(null); setAberto(true); }}>{t('manutencao.procurador.adicionar')}</Button>
      </BarraEdicao>
      {!lista.length ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Table withTableBorder striped data-testid="procuradores">
          <Table.Thead>
            <Table.Tr><Table.Th>CPF</Table.Th><Table.Th>{t('contribuinte.socio.nome')}</Table.Th><Table.Th>{t('contribuinte.procurador.inicio')}</Table.Th><Table.Th>{t('manutencao.acoes')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lista.map((p, i) => (
              <Table.Tr key={`${p.numeroDocumento}-${p.dataInicioValidade}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocumento(p.numeroDocumento)}</Table.Td>
                <Table.Td>{p.razaoSocial}</Table.Td>
                <Table.Td>{formatDay(p.dataInicioValidade)}</Table.Td>
                <Table.Td><Button size="xs" variant="subtle" color="red" disabled={!aba.editando} onClick={() => aba.alterar(lista.filter((_, j) => j !== i))}>{t('manutencao.remover')}</Button></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t('manutencao.procurador.adicionar')} size="lg">
        <Stack>
          <BuscaPessoa rotulo={t('manutencao.procurador.cpf')} min={11} max={11} caminho="procurador/obterPorNumeroDocumento" onEncontrar={setPessoa} />
          <DateInput label={t('contribuinte.procurador.inicio')} withAsterisk valueFormat="DD/MM/YYYY" placeholder="dd/mm/aaaa" value={inicio} onChange={setInicio} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
            <Button disabled={!pessoa || !inicio} onClick={() => {
              aba.alterar([...lista, { numeroPessoa: pessoa!.numeroPessoa, numeroDocumento: pessoa!.numeroDocumento, razaoSocial: pessoa!.nome, dataInicioValidade: inicio! }]);
              setAberto(false);
            }}>{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
