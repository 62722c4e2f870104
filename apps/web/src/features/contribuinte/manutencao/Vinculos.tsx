import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatCrcContador, formatDocumento, violacaoResponsavel, type Contador, type Procurador, type Responsavel, type Socio } from '@cadastro/domain';
import { Campo } from '../../../ui/Campo';
import { Carregando } from '../../../ui/Carregando';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDay } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba, useDadosCadastrais } from '../api';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { useCombo } from './Dados';
import { BarraEdicao } from './Salvar';

type Props = { numeroPessoa: number; caceal: number | undefined };

type Resp = { numeroPessoa: number; numeroDocumento: string; razaoSocial: string; qualificacao: { id: number; descricao: string } } | null;
const blocoResponsavel = (r: Resp) => (r ? { numeroPessoa: r.numeroPessoa, qualificacaoId: r.qualificacao.id } : null);

/** Responsável: 'Alterar Responsável' (only unlocked) with 'Sócio Existente' or 'Novo Responsável' (11–14 digits) and qualificação. */
export function ResponsavelEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Responsavel | null>('obterResponsavel', numeroPessoa, caceal);
  const socios = useAba<Socio[]>('obterSocios', numeroPessoa, caceal);
  const aba = useAbaEditavel<Resp>('responsavel', q.data, blocoResponsavel);
  const qualificacoes = useCombo('qualificacao');
  const [aberto, setAberto] = useState(false);
  const [modo, setModo] = useState<'SOCIO' | 'NOVO'>('SOCIO');
  const [pessoa, setPessoa] = useState<Encontrada | null>(null);
  const [qualificacao, setQualificacao] = useState<string | null>(null);
  // Issue 30: the responsible's qualification fits the legal nature (the server's rule, said before saving).
  const natureza = useDadosCadastrais(numeroPessoa, caceal).data?.identificacao.naturezaJuridica?.id;
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const r = aba.atual ?? null;
  const violacao = qualificacao ? violacaoResponsavel(natureza, Number(qualificacao)) : null;
  const salvar = () => {
    if (!pessoa || !qualificacao) return;
    aba.alterar({ numeroPessoa: pessoa.numeroPessoa, numeroDocumento: pessoa.numeroDocumento, razaoSocial: pessoa.nome,
      qualificacao: { id: Number(qualificacao), descricao: qualificacoes.data?.find((x) => String(x.id) === qualificacao)?.descricao ?? '' } });
    setAberto(false);
  };
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => { setPessoa(null); setQualificacao(null); setModo('SOCIO'); setAberto(true); }}>{t('manutencao.responsavel.alterar')}</Button>
      </BarraEdicao>
      {!r ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Paper withBorder p="md" data-testid="responsavel">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Campo rotulo={t('contribuinte.socio.documento')} valor={formatDocumento(r.numeroDocumento)} />
            <Campo rotulo={t('contribuinte.socio.nome')} valor={r.razaoSocial} />
            <Campo rotulo={t('contribuinte.socio.qualificacao')} valor={r.qualificacao.descricao} />
          </SimpleGrid>
        </Paper>
      )}
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t('manutencao.responsavel.alterar')} size="lg">
        <Stack>
          <SegmentedControl value={modo} onChange={(v) => { setModo(v as 'SOCIO' | 'NOVO'); setPessoa(null); }}
            data={[{ value: 'SOCIO', label: t('manutencao.responsavel.socioExistente') }, { value: 'NOVO', label: t('manutencao.responsavel.novo') }]} />
          {modo === 'SOCIO' ? (
            <Select label={t('manutencao.responsavel.socioExistente')} withAsterisk
              data={(socios.data ?? []).map((s) => ({ value: String(s.numeroPessoaSocio), label: `${formatDocumento(s.numeroDocumentoSocio)} — ${s.nomeSocio}` }))}
              value={pessoa ? String(pessoa.numeroPessoa) : null}
              onChange={(v) => {
                const s = socios.data?.find((x) => String(x.numeroPessoaSocio) === v);
                setPessoa(s ? { numeroPessoa: s.numeroPessoaSocio, numeroDocumento: s.numeroDocumentoSocio, nome: s.nomeSocio } : null);
              }} />
          ) : <BuscaPessoa rotulo={t('manutencao.responsavel.documento')} min={11} max={14} onEncontrar={setPessoa} />}
          <Select label={t('contribuinte.socio.qualificacao')} withAsterisk searchable data={(qualificacoes.data ?? []).map((x) => ({ value: String(x.id), label: x.descricao }))} value={qualificacao} onChange={setQualificacao}
            error={violacao ? t(`validation.${violacao.regra}`, { n: violacao.n }) : undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
            <Button onClick={salvar} disabled={!pessoa || !qualificacao || !!violacao}>{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type Cont = (Pick<Contador, 'numeroPessoaContador' | 'numeroDocumento' | 'nome' | 'dataInicio'>
  & Partial<Pick<Contador, 'codigoUfCrc' | 'numeroCrc' | 'codigoTipoInscricao' | 'digitoVerificadorCrc'>>) | null;
const blocoContador = (c: Cont) => (c ? { numeroPessoaContador: c.numeroPessoaContador, dataInicio: c.dataInicio } : null);

/** Contador: register, or replace after 'Empresa já possui contador! Deseja substituir?' (§4). */
export function ContadorEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Contador | null>('obterContador', numeroPessoa, caceal);
  const aba = useAbaEditavel<Cont>('contador', q.data, blocoContador);
  const [aberto, setAberto] = useState(false);
  const [substituir, setSubstituir] = useState(false);
  const [pessoa, setPessoa] = useState<Encontrada | null>(null);
  const [inicio, setInicio] = useState<string | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const c = aba.atual ?? null;
  const abrir = () => { setPessoa(null); setInicio(null); setAberto(true); };
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => (c ? setSubstituir(true) : abrir())}>{t(c ? 'manutencao.contador.alterar' : 'manutencao.contador.cadastrar')}</Button>
      </BarraEdicao>
      {!c ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Paper withBorder p="md" data-testid="contador">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Campo rotulo={t('contribuinte.socio.documento')} valor={formatDocumento(c.numeroDocumento)} />
            <Campo rotulo={t('contribuinte.socio.nome')} valor={c.nome} />
            <Campo rotulo={t('contribuinte.contador.crc')} valor={c.codigoUfCrc && c.numeroCrc
              ? formatCrcContador({ codigoUfCrc: c.codigoUfCrc, numeroCrc: c.numeroCrc, codigoTipoInscricao: c.codigoTipoInscricao ?? null, digitoVerificadorCrc: c.digitoVerificadorCrc ?? null }) : null} />
            <Campo rotulo={t('contribuinte.contador.desde')} valor={formatDay(c.dataInicio)} />
          </SimpleGrid>
        </Paper>
      )}
      <ConfirmDialog opened={substituir} title={t('manutencao.inativa.titulo')} message={t('manutencao.contador.substituir')}
        confirmLabel={t('entity.action.yes')} denyLabel={t('entity.action.no')} onConfirm={() => { setSubstituir(false); abrir(); }} onDeny={() => setSubstituir(false)} />
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t(c ? 'manutencao.contador.alterar' : 'manutencao.contador.cadastrar')} size="lg">
        <Stack>
          <BuscaPessoa rotulo={t('manutencao.contador.documento')} min={11} max={14} caminho="contador/obterPorNumeroDocumento" onEncontrar={setPessoa} />
          <DateInput label={t('manutencao.campo.dataInicio')} withAsterisk valueFormat="DD/MM/YYYY" placeholder="dd/mm/aaaa" value={inicio} onChange={setInicio} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
            <Button disabled={!pessoa || !inicio} onClick={() => {
              const k = pessoa!.contador;
              aba.alterar({ numeroPessoaContador: pessoa!.numeroPessoa, numeroDocumento: pessoa!.numeroDocumento, nome: pessoa!.nome, dataInicio: inicio!,
                ...(k ? { codigoUfCrc: k.codigoUfCrc, numeroCrc: k.numeroCrc, codigoTipoInscricao: k.codigoTipoInscricao, digitoVerificadorCrc: k.digitoVerificadorCrc } : {}) });
              setAberto(false);
            }}>{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

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
