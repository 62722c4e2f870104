import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CadastrarContador, formatDocumento, REGISTRY_API_BASE, type Contador, type ContadorEncontrado } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { httpErrorMessage } from '../../../ui/errors';
import { http } from '../../../ui/http';
import { ContadorDetalhe } from '../Abas';
import { useAba } from '../api';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { useCombo } from './Dados';
import { BarraEdicao } from './Salvar';
import { CampoData } from '../../../ui/CampoData';

type Props = { numeroPessoa: number; caceal: number | undefined };
/** The draft: the accountant as the tab shows it (address and phones of a new one are read again after Salvar). */
type Cont = Omit<Contador, 'endereco' | 'contatos'> & Partial<Pick<Contador, 'endereco' | 'contatos'>>;
const blocoContador = (c: Cont | null) => (c ? { numeroPessoaContador: c.numeroPessoaContador, dataInicio: c.dataInicio } : null);

/** What the lookup (or the registration) answered, as the tab shows it. */
const doEncontrado = (k: ContadorEncontrado, dataInicio: string): Cont => ({
  numeroPessoaContador: k.numeroPessoaContador, numeroDocumento: k.numeroDocumento, nome: k.razaoSocial, email: k.email, dataInicio,
  numeroCrc: k.contador.numeroCrc, digitoVerificadorCrc: k.contador.digitoVerificadorCrc, tipoInscricao: k.contador.tipoInscricao,
  codigoTipoInscricao: k.contador.codigoTipoInscricao, codigoUfCrc: k.contador.codigoUfCrc, categoria: k.contador.categoria,
  classificacao: k.contador.classificacao, apto: k.contador.apto,
});

/** Contador (§2): every field of the read-only view; register, or replace after 'Empresa já possui contador! Deseja substituir?' (§4). */
export function ContadorEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Contador | null>('obterContador', numeroPessoa, caceal);
  const aba = useAbaEditavel<Cont | null>('contador', q.data, blocoContador);
  const [aberto, setAberto] = useState(false);
  const [substituir, setSubstituir] = useState(false);
  const [achado, setAchado] = useState<ContadorEncontrado | null>(null);
  const [registrar, setRegistrar] = useState<string | null>(null);
  const [inicio, setInicio] = useState<string | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const c = aba.atual ?? null;
  const abrir = () => { setAchado(null); setRegistrar(null); setInicio(null); setAberto(true); };
  const encontrar = (p: Encontrada | null) => setAchado(p?.contador ? p.contador : null);
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => (c ? setSubstituir(true) : abrir())}>{t(c ? 'manutencao.contador.alterar' : 'manutencao.contador.cadastrar')}</Button>
      </BarraEdicao>
      {!c ? <Alert color="gray">{t('contribuinte.busca.vazio')}</Alert> : <ContadorDetalhe k={c} />}
      <ConfirmDialog opened={substituir} title={t('manutencao.inativa.titulo')} message={t('manutencao.contador.substituir')}
        confirmLabel={t('entity.action.yes')} denyLabel={t('entity.action.no')} onConfirm={() => { setSubstituir(false); abrir(); }} onDeny={() => setSubstituir(false)} />
      <Modal opened={aberto} onClose={() => setAberto(false)} title={t(c ? 'manutencao.contador.alterar' : 'manutencao.contador.cadastrar')} size="lg">
        <Stack>
          {registrar === null ? (
            <BuscaPessoa rotulo={t('manutencao.contador.documento')} min={11} max={14} caminho="contador/obterPorNumeroDocumento" onEncontrar={encontrar} onCadastrar={setRegistrar} />
          ) : <CadastroContador documento={registrar} onCadastrado={(k) => { setAchado(k); setRegistrar(null); }} onCancelar={() => setRegistrar(null)} />}
          {achado && registrar === null && (
            <Alert color="green" data-testid="contador-escolhido">{formatDocumento(achado.numeroDocumento)} — {achado.razaoSocial}</Alert>
          )}
          <CampoData label={t('manutencao.campo.dataInicio')} withAsterisk value={inicio} onChange={setInicio} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
            <Button disabled={!achado || !inicio || registrar !== null} onClick={() => { aba.alterar(doEncontrado(achado!, inicio!)); setAberto(false); }}>{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const APTO = ['', 'true', 'false'] as const;
type Form = { nome: string; numeroCrc: string; digito: string; tipo: string | null; uf: string | null; categoria: string | null; classificacao: string | null; apto: string };

/**
 * §2 register accountant / §5: document, name, CRC number, check digit (0–9), tipo inscrição, UF, categoria,
 * classificação (required but the digit), apto. POST contador/cadastrar, then the dialog goes on as if found.
 */
function CadastroContador({ documento, onCadastrado, onCancelar }: { documento: string; onCadastrado(k: ContadorEncontrado): void; onCancelar(): void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<Form>({ nome: '', numeroCrc: '', digito: '', tipo: null, uf: null, categoria: null, classificacao: null, apto: '' });
  const [tentou, setTentou] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const ufs = useCombo('uf').data ?? [];
  const tipos = useCombo('tipoInscricao').data ?? [];
  const categorias = useCombo('categoria').data ?? [];
  const classificacoes = useCombo('classificacao').data ?? [];
  const opcoes = (xs: { id: string | number; descricao: string }[], comId = false) => xs.map((x) => ({ value: String(x.id), label: comId ? `${x.id} - ${x.descricao}` : x.descricao }));
  const corpo = {
    numeroDocumento: documento, nome: f.nome, numeroCrc: f.numeroCrc, digitoVerificadorCrc: f.digito === '' ? null : Number(f.digito),
    codigoTipoInscricao: f.tipo ?? '', codigoUfCrc: f.uf ?? '', categoriaId: Number(f.categoria ?? 0), classificacaoId: Number(f.classificacao ?? 0),
    apto: f.apto === '' ? null : f.apto === 'true',
  };
  // The same schema the server applies: nothing sent while it fails.
  const valido = CadastrarContador.safeParse(corpo).success;
  const obrigatorio = (v: string | null) => (tentou && !v ? t('validation.required') : undefined);
  const enviar = async () => {
    setTentou(true);
    if (!valido) return;
    setErro(null);
    setOcupado(true);
    try {
      onCadastrado(await http.post<ContadorEncontrado>(`${REGISTRY_API_BASE}/contador/cadastrar`, corpo, { silent: true }));
    } catch (e) {
      setErro(httpErrorMessage(e, t));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="cadastro-contador">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('contribuinte.socio.documento')} value={formatDocumento(documento)} readOnly />
        <TextInput label={t('pessoa.cadastro.nome')} withAsterisk maxLength={150} value={f.nome} onChange={(e) => setF({ ...f, nome: e.currentTarget.value })} error={obrigatorio(f.nome.trim())} data-autofocus />
        <TextInput label={t('pessoa.contador.crc')} withAsterisk inputMode="numeric" value={f.numeroCrc} onChange={(e) => setF({ ...f, numeroCrc: e.currentTarget.value.replace(/\D/g, '').slice(0, 6) })} error={obrigatorio(f.numeroCrc)} />
        <TextInput label={t('pessoa.contador.digito')} inputMode="numeric" value={f.digito} onChange={(e) => setF({ ...f, digito: e.currentTarget.value.replace(/\D/g, '').slice(0, 1) })} />
        <Select label={t('pessoa.contador.tipoInscricao')} withAsterisk data={opcoes(tipos, true)} value={f.tipo} onChange={(v) => setF({ ...f, tipo: v })} error={obrigatorio(f.tipo)} />
        <Select label={t('pessoa.contador.uf')} withAsterisk searchable data={ufs.map((u) => String(u.id))} value={f.uf} onChange={(v) => setF({ ...f, uf: v })} error={obrigatorio(f.uf)} />
        <Select label={t('pessoa.contador.categoria')} withAsterisk data={opcoes(categorias)} value={f.categoria} onChange={(v) => setF({ ...f, categoria: v })} error={obrigatorio(f.categoria)} />
        <Select label={t('pessoa.contador.classificacao')} withAsterisk data={opcoes(classificacoes, true)} value={f.classificacao} onChange={(v) => setF({ ...f, classificacao: v })} error={obrigatorio(f.classificacao)} />
        <Select label={t('pessoa.contador.apto')} allowDeselect={false} value={f.apto} onChange={(v) => setF({ ...f, apto: v ?? '' })}
          data={APTO.map((a) => ({ value: a, label: a === '' ? t('pessoa.contador.naoInformado') : t(a === 'true' ? 'pessoa.contador.sim' : 'pessoa.contador.nao') }))} />
      </SimpleGrid>
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={onCancelar}>{t('entity.action.cancel')}</Button>
        <Button size="xs" onClick={() => void enviar()} loading={ocupado}>{t('manutencao.contador.registrar')}</Button>
      </Group>
    </Stack>
  );
}
