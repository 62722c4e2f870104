import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDocumento, formatPercentual, SociosEdicao, violacaoData, violacaoQsa, type Socio } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { formatDay } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba, useDadosCadastrais } from '../api';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { useCombo } from './Dados';
import { BarraEdicao } from './Salvar';
import { enderecoDoOriginal, enderecoParaBloco, type EnderecoRascunho } from './EnderecosEdicao';
import { EnderecosSocioDialogo, RazaoSocialDialogo } from './SociosDialogos';
import { CampoData } from '../../../ui/CampoData';
import { RodapeDialogo } from '../../../ui/RodapeDialogo';

/**
 * A partner as the tab edits it: the read call's fields the table shows, the name as read (a changed
 * `nomeSocio` is an 'Alterar Razão Social'), and the addresses — the draft and the ones it replaces
 * (undefined: never opened; a partner added here gets them read when its address dialog opens).
 */
type Linha = Pick<Socio, 'numeroPessoaSocio' | 'numeroDocumentoSocio' | 'nomeSocio' | 'qualificacao' | 'percentualParticipacao' | 'dataInclusao'
  | 'documentoRepresentanteLegal' | 'nomeRepresentanteLegal' | 'qualificacaoRepresentanteLegal'> & Partial<Pick<Socio, 'ehImpedido' | 'ehResponsavel'>> & {
  nomeOriginal: string;
  /** The version of the partner's addresses as read (absent: a partner added here). */
  versaoEnderecos?: number;
  enderecos?: EnderecoRascunho[];
  enderecosOriginais?: EnderecoRascunho[];
};

const doOriginal = (l: Socio[]): Linha[] => l.map((s) => ({
  ...s, nomeOriginal: s.nomeSocio, enderecos: s.enderecos.map(enderecoDoOriginal), enderecosOriginais: s.enderecos.map(enderecoDoOriginal),
}));
const blocoEnderecos = (l: EnderecoRascunho[] | undefined) => JSON.stringify((l ?? []).map(enderecoParaBloco));
const paraBloco = (l: Linha[]) => l.map((s) => ({
  numeroPessoaSocio: s.numeroPessoaSocio, qualificacaoId: s.qualificacao.id, percentualParticipacao: Number(s.percentualParticipacao ?? 0), dataInclusao: s.dataInclusao,
  ...(s.nomeSocio !== s.nomeOriginal ? { razaoSocial: s.nomeSocio } : {}),
  // Sent only when changed: an untouched partner's addresses are not rewritten.
  ...(s.enderecos && blocoEnderecos(s.enderecos) !== blocoEnderecos(s.enderecosOriginais) ? { enderecos: s.enderecos.map(enderecoParaBloco) } : {}),
}));

/** The versions of the partners' addresses the save carries back (the tab's draft; issue 29). */
export function versoesEnderecosSocios(rascunho: unknown): { numeroPessoa: number; version: number }[] {
  return ((rascunho ?? []) as Linha[]).flatMap((s) => (s.versaoEnderecos === undefined ? [] : [{ numeroPessoa: s.numeroPessoaSocio, version: s.versaoEnderecos }]));
}

/** Quadro de Sócios e Administradores, editable: add (lookup, Cadastrar when not found), edit, remove (§2, §5). */
export function SociosEditor({ numeroPessoa, caceal }: { numeroPessoa: number; caceal: number | undefined }) {
  const { t } = useTranslation();
  const q = useAba<Socio[]>('obterSocios', numeroPessoa, caceal);
  const original = useMemo(() => q.data && doOriginal(q.data), [q.data]);
  const aba = useAbaEditavel<Linha[]>('socios', original, paraBloco);
  // Issue 30: the company's legal nature, for the QSA rule the server applies too.
  const natureza = useDadosCadastrais(numeroPessoa, caceal).data?.identificacao.naturezaJuridica?.id;
  const [dialogo, setDialogo] = useState<{ indice: number | null } | null>(null);
  const [razao, setRazao] = useState<number | null>(null);
  const [enderecos, setEnderecos] = useState<number | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const lista = aba.atual ?? [];
  const ed = aba.editando;
  const regra = aba.alterado ? SociosEdicao.safeParse(paraBloco(lista)) : null;
  const mensagemRegra = regra && !regra.success
    ? regra.error.issues.some((i) => i.message === 'socioDuplicado') ? t('manutencao.socio.jaExiste') : regra.error.issues.some((i) => i.message === 'percentualAcima') ? t('manutencao.socio.soma') : t('manutencao.dados.invalido')
    : null;
  // The domain rules (issue 30), worded as the server words a refusal.
  const violacao = aba.alterado && !mensagemRegra
    ? violacaoQsa(natureza, paraBloco(lista)) ?? lista.map((x, i) => violacaoData(x.dataInclusao, `${i}.dataInclusao`)).find((v) => v) ?? null
    : null;
  const mensagem = mensagemRegra ?? (violacao && t(`validation.${violacao.regra}`, { n: violacao.n }));
  const simNao = (v: boolean | undefined) => (v === undefined ? '—' : t(v ? 'entity.action.yes' : 'entity.action.no'));
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!ed} onClick={() => setDialogo({ indice: null })}>{t('manutencao.socio.adicionar')}</Button>
      </BarraEdicao>
      {mensagem && <Alert color="orange" role="alert" data-testid="socios-regra">{mensagem}</Alert>}
      {!lista.length ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Table withTableBorder striped data-testid="socios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contribuinte.socio.documento')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.nome')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.qualificacao')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.percentual')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.inclusao')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.responsavel')}</Table.Th>
              <Table.Th>{t('contribuinte.responsavel.impedido')}</Table.Th>
              <Table.Th>{t('contribuinte.socio.representante')}</Table.Th>
              <Table.Th>{t('manutencao.acoes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lista.map((s, i) => (
              <Table.Tr key={s.numeroPessoaSocio}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocumento(s.numeroDocumentoSocio)}</Table.Td>
                <Table.Td>{s.nomeSocio}</Table.Td>
                <Table.Td>{s.qualificacao.descricao}</Table.Td>
                <Table.Td>{s.percentualParticipacao === null ? t('contribuinte.naoInformado') : formatPercentual(s.percentualParticipacao)}</Table.Td>
                <Table.Td>{formatDay(s.dataInclusao)}</Table.Td>
                {/* Issue 40 §6: what the read-only tab shows, the editor shows too (a partner added here is known after saving). */}
                <Table.Td>{simNao(s.ehResponsavel)}</Table.Td>
                <Table.Td>{simNao(s.ehImpedido)}</Table.Td>
                <Table.Td>
                  {s.nomeRepresentanteLegal && (
                    <>
                      {s.nomeRepresentanteLegal} ({formatDocumento(s.documentoRepresentanteLegal ?? '')})
                      {s.qualificacaoRepresentanteLegal && <Text size="xs" c="dimmed">{s.qualificacaoRepresentanteLegal}</Text>}
                    </>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" disabled={!ed} onClick={() => setDialogo({ indice: i })} aria-label={t('manutencao.socio.editar', { nome: s.nomeSocio })}>{t('entity.action.edit')}</Button>
                    {s.numeroDocumentoSocio.length === 14 && (
                      <Button size="xs" variant="subtle" disabled={!ed} onClick={() => setRazao(i)} aria-label={t('manutencao.socio.alterarRazaoDe', { nome: s.nomeSocio })}>
                        {t('manutencao.socio.alterarRazao')}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" onClick={() => setEnderecos(i)} aria-label={t('manutencao.socio.enderecosAria', { nome: s.nomeSocio })}>{t('manutencao.socio.endereco')}</Button>
                    <Button size="xs" variant="subtle" color="red" disabled={!ed} onClick={() => aba.alterar(lista.filter((_, j) => j !== i))} aria-label={t('manutencao.socio.remover', { nome: s.nomeSocio })}>{t('manutencao.remover')}</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialogo && (
        <SocioDialogo
          socio={dialogo.indice === null ? null : lista[dialogo.indice]!}
          onClose={() => setDialogo(null)}
          onSalvar={(s) => {
            aba.alterar(dialogo.indice === null ? [...lista, s] : lista.map((x, j) => (j === dialogo.indice ? { ...x, ...s } : x)));
            setDialogo(null);
          }}
        />
      )}
      {razao !== null && lista[razao] && (
        <RazaoSocialDialogo documento={lista[razao].numeroDocumentoSocio} nome={lista[razao].nomeSocio} onClose={() => setRazao(null)}
          onSalvar={(nome) => { aba.alterar(lista.map((x, j) => (j === razao ? { ...x, nomeSocio: nome } : x))); setRazao(null); }} />
      )}
      {enderecos !== null && lista[enderecos] && (
        <EnderecosSocioDialogo numeroPessoa={lista[enderecos].numeroPessoaSocio} nome={lista[enderecos].nomeSocio} enderecos={lista[enderecos].enderecos} ed={ed}
          onClose={() => setEnderecos(null)}
          onAplicar={(novos, originais) => {
            aba.alterar(lista.map((x, j) => (j === enderecos ? { ...x, enderecos: novos, ...(originais ? { enderecosOriginais: originais } : {}) } : x)));
            setEnderecos(null);
          }} />
      )}
    </Stack>
  );
}

/** Add (document lookup 1–14 digits) or edit a partner: qualification, percentage 0–100 (step 0.01), inclusion date. */
function SocioDialogo({ socio, onClose, onSalvar }: { socio: Linha | null; onClose(): void; onSalvar(s: Linha): void }) {
  const { t } = useTranslation();
  const qualificacoes = useCombo('qualificacao');
  const [pessoa, setPessoa] = useState<Encontrada | null>(socio && { numeroPessoa: socio.numeroPessoaSocio, numeroDocumento: socio.numeroDocumentoSocio, nome: socio.nomeSocio });
  const [qualificacao, setQualificacao] = useState<string | null>(socio ? String(socio.qualificacao.id) : null);
  const [percentual, setPercentual] = useState<number | string>(socio?.percentualParticipacao ? Number(socio.percentualParticipacao) : '');
  const [inclusao, setInclusao] = useState<string | null>(socio?.dataInclusao ?? null);
  const valido = !!pessoa && !!qualificacao && typeof percentual === 'number' && percentual >= 0 && percentual <= 100 && !!inclusao;
  const salvar = () => {
    if (!valido) return;
    const q = qualificacoes.data?.find((x) => String(x.id) === qualificacao);
    onSalvar({
      documentoRepresentanteLegal: null, nomeRepresentanteLegal: null, qualificacaoRepresentanteLegal: null, ...socio, nomeOriginal: socio?.nomeOriginal ?? pessoa.nome,
      numeroPessoaSocio: pessoa.numeroPessoa, numeroDocumentoSocio: pessoa.numeroDocumento, nomeSocio: pessoa.nome,
      qualificacao: { id: Number(qualificacao), descricao: q?.descricao ?? '' }, percentualParticipacao: percentual.toFixed(2), dataInclusao: inclusao,
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('manutencao.socio.titulo')} size="lg">
      <Stack>
        {socio ? <Alert color="gray">{formatDocumento(socio.numeroDocumentoSocio)} — {socio.nomeSocio}</Alert>
          : <BuscaPessoa rotulo={t('manutencao.socio.documento')} min={1} max={14} onEncontrar={setPessoa} />}
        <Select label={t('contribuinte.socio.qualificacao')} withAsterisk searchable data={(qualificacoes.data ?? []).map((x) => ({ value: String(x.id), label: x.descricao }))} value={qualificacao} onChange={setQualificacao} />
        <Group grow>
          <NumberInput label={t('manutencao.socio.percentual')} withAsterisk min={0} max={100} step={0.01} decimalScale={2} decimalSeparator="," value={percentual} onChange={setPercentual} />
          <CampoData label={t('manutencao.socio.inclusao')} withAsterisk value={inclusao} onChange={setInclusao} />
        </Group>
        <RodapeDialogo onClose={onClose} onSalvar={salvar} desabilitado={!valido} />
      </Stack>
    </Modal>
  );
}
