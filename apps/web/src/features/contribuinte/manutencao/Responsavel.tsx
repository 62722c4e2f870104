import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enderecoEmLinha, formatDocumento, telefonesEmLinha, violacaoResponsavel, type Responsavel, type Socio } from '@cadastro/domain';
import { Campo } from '../../../ui/Campo';
import { Carregando } from '../../../ui/Carregando';
import { httpErrorMessage } from '../../../ui/errors';
import { useAba, useDadosCadastrais } from '../api';
import { EnderecosButton } from '../Enderecos';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { useCombo } from './Dados';
import { BarraEdicao } from './Salvar';

type Props = { numeroPessoa: number; caceal: number | undefined };

/** The draft: who, with which qualification, impedido; the address and phones of the person as read (a new one has none yet). */
type Resp = Pick<Responsavel, 'numeroPessoa' | 'numeroDocumento' | 'razaoSocial' | 'qualificacao' | 'possuiImpedimento'> & Partial<Pick<Responsavel, 'endereco' | 'contatos'>>;
const blocoResponsavel = (r: Resp | null) => (r ? { numeroPessoa: r.numeroPessoa, qualificacaoId: r.qualificacao.id, possuiImpedimento: r.possuiImpedimento } : null);

/**
 * Responsável (§2): document, name, impedido, qualificação and the Endereço button. Unlocked, the same
 * person's qualificação and impedido are corrected in place (§4 alterarDadosResponsavel); 'Alterar
 * Responsável' replaces the person ('Sócio Existente' or 'Novo Responsável', 11–14 digits).
 */
export function ResponsavelEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Responsavel | null>('obterResponsavel', numeroPessoa, caceal);
  const socios = useAba<Socio[]>('obterSocios', numeroPessoa, caceal);
  const aba = useAbaEditavel<Resp | null>('responsavel', q.data, blocoResponsavel);
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
  const opcoes = (qualificacoes.data ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));
  const descricao = (id: string) => qualificacoes.data?.find((x) => String(x.id) === id)?.descricao ?? '';
  const violacao = qualificacao ? violacaoResponsavel(natureza, Number(qualificacao)) : null;
  const violacaoAtual = r && aba.editando ? violacaoResponsavel(natureza, r.qualificacao.id) : null;
  const salvar = () => {
    if (!pessoa || !qualificacao) return;
    aba.alterar({ numeroPessoa: pessoa.numeroPessoa, numeroDocumento: pessoa.numeroDocumento, razaoSocial: pessoa.nome,
      qualificacao: { id: Number(qualificacao), descricao: descricao(qualificacao) }, possuiImpedimento: false });
    setAberto(false);
  };
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => { setPessoa(null); setQualificacao(null); setModo('SOCIO'); setAberto(true); }}>{t('manutencao.responsavel.alterar')}</Button>
      </BarraEdicao>
      {!r ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : (
        <Paper withBorder p="md" data-testid="responsavel">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Campo rotulo={t('contribuinte.socio.documento')} valor={formatDocumento(r.numeroDocumento)} />
            <Campo rotulo={t('contribuinte.socio.nome')} valor={r.razaoSocial} />
            {aba.editando ? (
              <Select label={t('contribuinte.socio.qualificacao')} withAsterisk searchable allowDeselect={false} data={opcoes} value={String(r.qualificacao.id)}
                onChange={(v) => v && aba.alterar({ ...r, qualificacao: { id: Number(v), descricao: descricao(v) } })}
                error={violacaoAtual ? t(`validation.${violacaoAtual.regra}`, { n: violacaoAtual.n }) : undefined} />
            ) : <Campo rotulo={t('contribuinte.socio.qualificacao')} valor={r.qualificacao.descricao} />}
            {aba.editando ? (
              <Checkbox mt="lg" label={t('contribuinte.responsavel.impedido')} checked={r.possuiImpedimento} onChange={(e) => aba.alterar({ ...r, possuiImpedimento: e.currentTarget.checked })} />
            ) : <Campo rotulo={t('contribuinte.responsavel.impedido')} valor={r.possuiImpedimento ? t('entity.action.yes') : t('entity.action.no')} />}
          </SimpleGrid>
          {r.contatos && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              <Campo rotulo={t('contribuinte.secao.endereco')} valor={r.endereco && enderecoEmLinha(r.endereco)} />
              <Campo rotulo={t('contribuinte.telefones')} valor={telefonesEmLinha(r.contatos) || null} />
            </SimpleGrid>
          )}
          <Group mt="sm"><EnderecosButton numeroPessoa={r.numeroPessoa} nome={r.razaoSocial} /></Group>
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
          <Select label={t('contribuinte.socio.qualificacao')} withAsterisk searchable data={opcoes} value={qualificacao} onChange={setQualificacao}
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
