import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CadastrarProcurador, formatDocumento, REGISTRY_API_BASE, UF_DO_CADASTRO, type PessoaEncontrada, type Procurador } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { formatDay } from '../../../ui/format';
import { httpErrorMessage } from '../../../ui/errors';
import { http } from '../../../ui/http';
import { useAba } from '../api';
import { BuscaPessoa, type Encontrada } from './BuscaPessoa';
import { useAbaEditavel } from './contexto';
import { EnderecoDialogo, enderecoParaBloco, type EnderecoRascunho } from './EnderecosEdicao';
import { BarraEdicao } from './Salvar';
import { CampoData } from '../../../ui/CampoData';

type Props = { numeroPessoa: number; caceal: number | undefined };

type Proc = Pick<Procurador, 'numeroPessoa' | 'numeroDocumento' | 'razaoSocial' | 'dataInicioValidade'>;
const blocoProcuradores = (l: Proc[]) => l.map((p) => ({ numeroPessoa: p.numeroPessoa, dataInicioValidade: p.dataInicioValidade }));

/** Procurador no Estado: add by CPF lookup ('Cadastrar' when not found: the name typed, an address outside AL) with a start date; remove. */
export function ProcuradoresEditor({ numeroPessoa, caceal }: Props) {
  const { t } = useTranslation();
  const q = useAba<Procurador[]>('obterProcuradores', numeroPessoa, caceal);
  const aba = useAbaEditavel<Proc[]>('procuradores', q.data, blocoProcuradores);
  const [aberto, setAberto] = useState(false);
  const [pessoa, setPessoa] = useState<Encontrada | null>(null);
  const [registrar, setRegistrar] = useState<string | null>(null);
  const [inicio, setInicio] = useState<string | null>(null);
  if (q.isPending) return <Carregando h={100} />;
  if (q.isError) return <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert>;
  const lista = aba.atual ?? [];
  return (
    <Stack>
      <BarraEdicao aba={aba}>
        <Button size="xs" disabled={!aba.editando} onClick={() => { setPessoa(null); setRegistrar(null); setInicio(null); setAberto(true); }}>{t('manutencao.procurador.adicionar')}</Button>
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
          {registrar === null ? (
            <BuscaPessoa rotulo={t('manutencao.procurador.cpf')} min={11} max={11} caminho="procurador/obterPorNumeroDocumento" onEncontrar={setPessoa} onCadastrar={setRegistrar} />
          ) : <CadastroProcurador cpf={registrar} onCancelar={() => setRegistrar(null)}
            onCadastrado={(p) => { setPessoa({ numeroPessoa: p.numeroPessoa, numeroDocumento: p.numeroDocumento, nome: p.razaoSocial }); setRegistrar(null); }} />}
          {pessoa && registrar === null && <Alert color="green" data-testid="procurador-escolhido">{formatDocumento(pessoa.numeroDocumento)} — {pessoa.nome}</Alert>}
          <CampoData label={t('contribuinte.procurador.inicio')} withAsterisk value={inicio} onChange={setInicio} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>{t('entity.action.cancel')}</Button>
            <Button disabled={!pessoa || !inicio || registrar !== null} onClick={() => {
              aba.alterar([...lista, { numeroPessoa: pessoa!.numeroPessoa, numeroDocumento: pessoa!.numeroDocumento, razaoSocial: pessoa!.nome, dataInicioValidade: inicio! }]);
              setAberto(false);
            }}>{t('entity.action.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * §2/§5 attorney not found: the CPF searched, the name typed (required) and optionally an address through the
 * address form whose state list leaves AL out. POST procurador/cadastrar, then the dialog goes on as if found.
 */
function CadastroProcurador({ cpf, onCadastrado, onCancelar }: { cpf: string; onCadastrado(p: PessoaEncontrada): void; onCancelar(): void }) {
  const { t } = useTranslation();
  const [nome, setNome] = useState('');
  const [endereco, setEndereco] = useState<EnderecoRascunho | null>(null);
  const [dialogo, setDialogo] = useState(false);
  const [tentou, setTentou] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const corpo = { numeroDocumento: cpf, nome, endereco: endereco && enderecoParaBloco(endereco) };
  const enviar = async () => {
    setTentou(true);
    // The server's schema: nothing sent while it fails.
    if (!CadastrarProcurador.safeParse(corpo).success) return;
    setErro(null);
    setOcupado(true);
    try {
      onCadastrado(await http.post<PessoaEncontrada>(`${REGISTRY_API_BASE}/procurador/cadastrar`, corpo, { silent: true }));
    } catch (e) {
      setErro(httpErrorMessage(e, t));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="cadastro-procurador">
      <TextInput label={t('manutencao.procurador.cpf')} value={formatDocumento(cpf)} readOnly />
      <TextInput label={t('pessoa.cadastro.nome')} withAsterisk maxLength={150} value={nome} onChange={(e) => setNome(e.currentTarget.value)} data-autofocus
        error={tentou && !nome.trim() ? t('validation.required') : undefined} />
      <Group justify="space-between">
        <Text size="sm" data-testid="procurador-endereco">{endereco ? endereco.rotulo : t('manutencao.procurador.semEndereco')}</Text>
        <Button size="xs" variant="light" onClick={() => setDialogo(true)}>{t(endereco ? 'manutencao.procurador.alterarEndereco' : 'manutencao.socio.adicionarEndereco')}</Button>
      </Group>
      {dialogo && <EnderecoDialogo endereco={endereco} exceto={UF_DO_CADASTRO} onClose={() => setDialogo(false)} onSalvar={(e) => { setEndereco(e); setDialogo(false); }} />}
      {erro && <Alert color="red" role="alert">{erro}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={onCancelar}>{t('entity.action.cancel')}</Button>
        <Button size="xs" onClick={() => void enviar()} loading={ocupado}>{t('manutencao.procurador.cadastrar')}</Button>
      </Group>
    </Stack>
  );
}
