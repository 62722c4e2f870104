import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDocumento, REGISTRY_API_BASE, type Endereco } from '@cadastro/domain';
import { Carregando } from '../../../ui/Carregando';
import { http } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { enderecoDoOriginal, EnderecosEdicao, type EnderecoRascunho } from './EnderecosEdicao';
import { RodapeDialogo } from '../../../ui/RodapeDialogo';

/** §2 'Alterar Razão Social' of a legal-entity partner (14-digit document): the new name, 1–150 characters. */
export function RazaoSocialDialogo({ documento, nome, onClose, onSalvar }: { documento: string; nome: string; onClose(): void; onSalvar(nome: string): void }) {
  const { t } = useTranslation();
  const [valor, setValor] = useState(nome);
  const novo = valor.trim();
  const salvar = () => { if (novo) onSalvar(novo); };
  return (
    <Modal opened onClose={onClose} title={t('manutencao.socio.alterarRazao')}>
      <form onSubmit={(e) => { e.preventDefault(); salvar(); }}>
        <Stack>
          <Alert color="gray">{formatDocumento(documento)}</Alert>
          <TextInput label={t('manutencao.socio.razaoSocial')} withAsterisk maxLength={150} value={valor} onChange={(e) => setValor(e.currentTarget.value)}
            error={novo ? undefined : t('manutencao.dados.invalido')} data-autofocus />
          <RodapeDialogo onClose={onClose} desabilitado={!novo} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A partner's addresses with the same address form as Dados Cadastrais (§2 'Adicionar Endereço',
 * 'Endereço'): read-only unless the tab is unlocked. A partner added in this session has no
 * addresses read yet: they are fetched before anything can replace them.
 */
export function EnderecosSocioDialogo({ numeroPessoa, nome, enderecos, ed, onClose, onAplicar }: {
  numeroPessoa: number; nome: string; enderecos: EnderecoRascunho[] | undefined; ed: boolean; onClose(): void;
  onAplicar(enderecos: EnderecoRascunho[], originais: EnderecoRascunho[] | undefined): void;
}) {
  const { t } = useTranslation();
  const q = useQuery({
    enabled: enderecos === undefined,
    queryKey: ['pessoa', 'obterEnderecos', numeroPessoa],
    queryFn: ({ signal }) => http.get<Endereco[]>(`${REGISTRY_API_BASE}/pessoa/obterEnderecos/${numeroPessoa}`, { silent: true, signal }),
  });
  const lidos = q.data?.map(enderecoDoOriginal);
  const [rascunho, setRascunho] = useState<EnderecoRascunho[] | undefined>(enderecos);
  const atual = rascunho ?? lidos;
  return (
    <Modal opened onClose={onClose} title={t('manutencao.socio.enderecosDe', { nome })} size="xl">
      {q.isError ? <Alert color="red" role="alert">{httpErrorMessage(q.error, t)}</Alert> : !atual ? <Carregando h={80} /> : (
        <Stack>
          <EnderecosEdicao enderecos={atual} ed={ed} alterar={setRascunho} rotuloNovo={t('manutencao.socio.adicionarEndereco')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t(ed ? 'entity.action.cancel' : 'global.close')}</Button>
            {ed && <Button disabled={!rascunho} onClick={() => onAplicar(rascunho!, enderecos === undefined ? lidos : undefined)}>{t('manutencao.socio.aplicar')}</Button>}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
