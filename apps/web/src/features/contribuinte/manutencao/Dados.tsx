import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DadosCadastraisEdicao, enquadramentoDe, formatTelefone, hojeEmMaceio, REGISTRY_API_BASE, violacaoNovoPorte, type DadosCadastrais, type ProcessamentoDadosEdicao,
} from '@cadastro/domain';
import { CampoMoeda } from '../../../ui/CampoMoeda';
import { http } from '../../../ui/http';
import { DadosCadastraisAba, IdentificacaoFixa, Secao, SituacaoSecao } from '../DadosCadastrais';
import { useAbaEditavel } from './contexto';
import { BarraEdicao } from './Salvar';
import { enderecoDoOriginal, enderecoParaBloco, EnderecosEdicao, type EnderecoRascunho } from './EnderecosEdicao';
import { CampoData } from '../../../ui/CampoData';

type Fone = { id?: number; codigoTipoTelefone: number; descricaoTipoTelefone: string; ddd: string; numeroTelefone: string };
/** The tab's draft: the block sent, with the phones' type names for the list. */
type Rascunho = Omit<DadosCadastraisEdicao, 'telefones' | 'enderecos'> & { telefones: Fone[]; enderecos: EnderecoRascunho[] };

const paraBloco = (r: Rascunho): DadosCadastraisEdicao => ({
  ...r,
  telefones: r.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }) => ({ ...(id ? { id } : {}), codigoTipoTelefone, ddd, numeroTelefone })),
  enderecos: r.enderecos.map(enderecoParaBloco),
});

function doOriginal(d: DadosCadastrais): Rascunho {
  const id = d.identificacao;
  return {
    nomeFantasia: id.nomeFantasia, email: id.email, porteId: id.porte?.id ?? null, valorCapitalSocial: id.valorCapitalSocial,
    processamentoDados: d.processamentoDados,
    formasAtuacao: d.formasAtuacao.map((f) => f.id), tiposUnidade: d.tipoUnidade.map((f) => f.id),
    telefones: id.telefones.map((f) => ({ id: f.id, codigoTipoTelefone: f.codigoTipoTelefone, descricaoTipoTelefone: f.descricaoTipoTelefone, ddd: f.ddd, numeroTelefone: f.numeroTelefone })),
    enderecos: id.enderecos.map(enderecoDoOriginal),
  };
}

type Combo = { id: number; descricao: string; ativo: boolean }[];
/** A public combo of §7 (cached by ETag, the same for everyone). */
export function useCombo(nome: string) {
  return useQuery({ queryKey: ['combo', nome], queryFn: ({ signal }) => http.get<Combo>(`${REGISTRY_API_BASE}/${nome}`, { silent: true, signal }), staleTime: Infinity });
}
const opcoes = (c: Combo | undefined) => (c ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));

/** Dados Cadastrais: read-only until Editar; then identification, contact, phones, processing indicators, formas and tipos. */
export function DadosEditor({ d }: { d: DadosCadastrais }) {
  const { t } = useTranslation();
  const original = useMemo(() => doOriginal(d), [d]);
  const aba = useAbaEditavel('dadosCadastrais', original, paraBloco);
  // §4: turning Editar on with a porte that differs from the original warns that the whole CNPJ root gets it.
  const [avisoPorte, setAvisoPorte] = useState(false);
  const antes = useRef(aba.editando);
  const porteMudou = !!aba.atual && aba.atual.porteId !== original.porteId;
  useEffect(() => {
    if (aba.editando && !antes.current && porteMudou) setAvisoPorte(true);
    antes.current = aba.editando;
  }, [aba.editando, porteMudou]);
  return (
    <Stack>
      <BarraEdicao aba={aba} />
      <Modal opened={avisoPorte} onClose={() => setAvisoPorte(false)} title={t('manutencao.aviso.titulo')}>
        <Stack>
          <Text data-testid="aviso-porte-editar">{t('manutencao.dados.porteRaiz')}</Text>
          <Group justify="flex-end"><Button onClick={() => setAvisoPorte(false)} data-autofocus>{t('manutencao.aviso.continuar')}</Button></Group>
        </Stack>
      </Modal>
      {aba.editando || aba.alterado ? <Formulario d={d} r={aba.atual!} ed={aba.editando} alterar={aba.alterar} /> : <DadosCadastraisAba d={d} />}
    </Stack>
  );
}

const INDICADORES = [
  ['opcaoLivroEletronico', 'dataAutorizacaoLivroEletronico', 'contribuinte.livroEletronico'],
  ['opcaoDocumentoEletronico', 'dataAutorizacaoDocumentoEletronico', 'contribuinte.documentoEletronico'],
  ['opcaoLivrosFiscais', 'dataAutorizacaoLivrosFiscais', 'contribuinte.livrosFiscais'],
] as const;

function Formulario({ d, r, ed, alterar }: { d: DadosCadastrais; r: Rascunho; ed: boolean; alterar(r: Rascunho): void }) {
  const { t } = useTranslation();
  const portes = useCombo('porteEmpresa');
  const formas = useCombo('formasAtuacao');
  const unidades = useCombo('tipoUnidade');
  const [fone, setFone] = useState(false);
  const set = (m: Partial<Rascunho>) => alterar({ ...r, ...m });
  const proc = (m: Partial<ProcessamentoDadosEdicao>) => set({ processamentoDados: { ...r.processamentoDados, ...m } });
  const sn = (v: boolean | null) => (v === null ? '' : v ? 'S' : 'N');
  const erros = DadosCadastraisEdicao.safeParse(paraBloco(r));
  const erro = (campo: string) => (!erros.success && erros.error.issues.some((i) => i.path[0] === campo) ? t('manutencao.dados.invalido') : undefined);
  // Issue 30: the server's porte rule, in its words, as soon as a porte is picked (Salvar refuses it too).
  const regraPorte = violacaoNovoPorte(enquadramentoDe(d), r.porteId);
  return (
    <Stack>
      <Secao titulo={t('contribuinte.secao.identificacao')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput label={t('contribuinte.nomeFantasia')} value={r.nomeFantasia ?? ''} disabled={!ed} maxLength={150} onChange={(e) => set({ nomeFantasia: e.currentTarget.value || null })} />
          <Select label={t('contribuinte.porte')} data={opcoes(portes.data)} value={r.porteId === null ? null : String(r.porteId)} disabled={!ed} onChange={(v) => set({ porteId: v ? Number(v) : null })}
            error={regraPorte ? t(`validation.${regraPorte.regra}`) : undefined} />
          <CampoMoeda label={t('contribuinte.capitalSocial')} value={r.valorCapitalSocial} disabled={!ed} error={erro('valorCapitalSocial')}
            onChange={(v) => set({ valorCapitalSocial: v })} />
          <IdentificacaoFixa d={d} />
        </SimpleGrid>
        {r.porteId !== (d.identificacao.porte?.id ?? null) && (
          <Alert color="orange" mt="sm" role="alert" data-testid="aviso-porte">{t('manutencao.dados.porteRaiz')}</Alert>
        )}
      </Secao>
      <Secao titulo={t('contribuinte.secao.contato')} acao={<Button size="xs" disabled={!ed} onClick={() => setFone(true)}>{t('manutencao.telefone.adicionar')}</Button>}>
        <Stack>
          <TextInput label={t('contribuinte.email')} type="email" value={r.email ?? ''} disabled={!ed} maxLength={100} maw={420} error={erro('email')} onChange={(e) => set({ email: e.currentTarget.value || null })} />
          <Table withTableBorder striped maw={560} aria-label={t('contribuinte.telefones')}>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('contribuinte.telefone.tipo')}</Table.Th><Table.Th>{t('contribuinte.telefone.ddd')}</Table.Th><Table.Th>{t('contribuinte.telefone.numero')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.telefones.map((f, i) => (
                <Table.Tr key={f.id ?? `novo-${i}`}>
                  <Table.Td>{f.descricaoTipoTelefone}</Table.Td>
                  {ed ? (
                    // §2 phones list: type read-only; DDD and number corrected in place (the same phone, its id kept).
                    <>
                      <Table.Td><TextInput size="xs" w={70} inputMode="numeric" aria-label={t('manutencao.telefone.dddDe', { n: i + 1 })} value={f.ddd}
                        error={!f.ddd ? t('manutencao.telefone.dddObrigatorio') : undefined} onChange={(e) => set({ telefones: trocar(r.telefones, i, { ddd: digitos(e.currentTarget.value, 4) }) })} /></Table.Td>
                      <Table.Td><TextInput size="xs" inputMode="numeric" aria-label={t('manutencao.telefone.numeroDe', { n: i + 1 })} value={f.numeroTelefone}
                        error={!f.numeroTelefone ? t('manutencao.telefone.numeroObrigatorio') : undefined}
                        onChange={(e) => set({ telefones: trocar(r.telefones, i, { numeroTelefone: digitos(e.currentTarget.value, 14) }) })} /></Table.Td>
                    </>
                  ) : <><Table.Td>{f.ddd}</Table.Td><Table.Td>{formatTelefone(f.numeroTelefone)}</Table.Td></>}
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="red" disabled={!ed} onClick={() => set({ telefones: r.telefones.filter((_, j) => j !== i) })}>{t('manutencao.remover')}</Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Secao>
      <EnderecosEdicao enderecos={r.enderecos} ed={ed} alterar={(enderecos) => set({ enderecos })} />
      <SituacaoSecao d={d} />
      <Secao titulo={t('contribuinte.secao.processamento')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {INDICADORES.map(([opcao, data, rotulo]) => (
            <Stack key={opcao} gap={4}>
              <Select label={t(rotulo)} value={sn(r.processamentoDados[opcao])} disabled={!ed} allowDeselect={false}
                data={[{ value: '', label: t('manutencao.dados.naoInformado') }, { value: 'S', label: t('entity.action.yes') }, { value: 'N', label: t('entity.action.no') }]}
                // §4: off or unset clears the authorization date; on without one gets today.
                onChange={(v) => proc({ [opcao]: v === 'S' ? true : v === 'N' ? false : null, [data]: v === 'S' ? (r.processamentoDados[data] ?? hojeEmMaceio()) : null })} />
              <CampoData aria-label={`${t(rotulo)} — ${t('manutencao.dados.dataAutorizacao')}`} value={r.processamentoDados[data]}
                disabled={!ed || r.processamentoDados[opcao] !== true} onChange={(v) => proc({ [data]: v })} />
            </Stack>
          ))}
          <Select label={t('contribuinte.sped')} value={sn(r.processamentoDados.usoObrigatorioDoSped)} disabled={!ed} allowDeselect={false}
            data={[{ value: '', label: t('manutencao.dados.naoInformado') }, { value: 'S', label: t('entity.action.yes') }, { value: 'N', label: t('entity.action.no') }]}
            onChange={(v) => proc({ usoObrigatorioDoSped: v === 'S' ? true : v === 'N' ? false : null })} />
        </SimpleGrid>
      </Secao>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Secao titulo={t('contribuinte.secao.formasAtuacao')}>
          <MultiSelect aria-label={t('contribuinte.secao.formasAtuacao')} data={opcoes(formas.data)} value={r.formasAtuacao.map(String)} disabled={!ed} onChange={(v) => set({ formasAtuacao: v.map(Number) })} />
        </Secao>
        <Secao titulo={t('contribuinte.secao.tiposUnidade')}>
          <MultiSelect aria-label={t('contribuinte.secao.tiposUnidade')} data={opcoes(unidades.data)} value={r.tiposUnidade.map(String)} disabled={!ed} onChange={(v) => set({ tiposUnidade: v.map(Number) })} />
        </Secao>
      </SimpleGrid>
      <TelefoneDialogo opened={fone} onClose={() => setFone(false)} onIncluir={(f) => { set({ telefones: [...r.telefones, f] }); setFone(false); }} />
    </Stack>
  );
}

const digitos = (v: string, n: number) => v.replace(/\D/g, '').slice(0, n);
const trocar = (l: Fone[], i: number, m: Partial<Fone>) => l.map((f, j) => (j === i ? { ...f, ...m } : f));

/** §5 phone dialog: type, DDD (≤ 4 digits) and number (≤ 14 digits) required, with the exact messages; closes only when all filled. */
function TelefoneDialogo({ opened, onClose, onIncluir }: { opened: boolean; onClose(): void; onIncluir(f: Fone): void }) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoTelefone');
  const [f, setF] = useState({ tipo: null as string | null, ddd: '', numero: '' });
  const [tentou, setTentou] = useState(false);
  const fechar = () => { setF({ tipo: null, ddd: '', numero: '' }); setTentou(false); onClose(); };
  const incluir = () => {
    setTentou(true);
    if (!f.tipo || !f.ddd || !f.numero) return;
    const tipo = tipos.data?.find((x) => String(x.id) === f.tipo);
    onIncluir({ codigoTipoTelefone: Number(f.tipo), descricaoTipoTelefone: tipo?.descricao ?? '', ddd: f.ddd, numeroTelefone: f.numero });
    setF({ tipo: null, ddd: '', numero: '' });
    setTentou(false);
  };
  return (
    <Modal opened={opened} onClose={fechar} title={t('manutencao.telefone.titulo')}>
      <Stack>
        <Select label={t('contribuinte.telefone.tipo')} withAsterisk data={opcoes(tipos.data)} value={f.tipo} onChange={(v) => setF({ ...f, tipo: v })}
          error={tentou && !f.tipo ? t('manutencao.telefone.tipoObrigatorio') : undefined} data-autofocus />
        <Group grow>
          <TextInput label={t('contribuinte.telefone.ddd')} withAsterisk inputMode="numeric" value={f.ddd} onChange={(e) => setF({ ...f, ddd: digitos(e.currentTarget.value, 4) })}
            error={tentou && !f.ddd ? t('manutencao.telefone.dddObrigatorio') : undefined} />
          <TextInput label={t('contribuinte.telefone.numero')} withAsterisk inputMode="numeric" value={f.numero} onChange={(e) => setF({ ...f, numero: digitos(e.currentTarget.value, 14) })}
            error={tentou && !f.numero ? t('manutencao.telefone.numeroObrigatorio') : undefined} />
        </Group>
        <Text size="xs" c="dimmed">{t('manutencao.telefone.ajuda')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={fechar}>{t('entity.action.cancel')}</Button>
          <Button onClick={incluir}>{t('manutencao.incluir')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
