import { useState } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Authority, formatDocumento, REGISTRY_API_BASE, type ContadorEncontrado, type PessoaResumo } from '@cadastro/domain';
import { http, HttpError } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { useSession } from '../../../ui/session';

/** What a lookup found: the person number, document and name (and an accountant's CRC). */
export type Encontrada = { numeroPessoa: number; numeroDocumento: string; nome: string; contador?: ContadorEncontrado };

/**
 * A person by CPF or CNPJ for the partner, responsible, accountant and attorney dialogs (§2). §8: exactly
 * 'Registro não encontrado.' marks not found and offers 'Cadastrar' (from the federal registry).
 * `caminho` picks the lookup (pessoa/{doc}, procurador/obterPorNumeroDocumento/{doc}, contador/…).
 */
export function BuscaPessoa({ rotulo, min, max, caminho = 'pessoa', onEncontrar, onCadastrar }: {
  rotulo: string; min: number; max: number; caminho?: 'pessoa' | 'procurador/obterPorNumeroDocumento' | 'contador/obterPorNumeroDocumento'; onEncontrar(p: Encontrada | null): void;
  /** 'Cadastrar' by a form of the caller's (the accountant's CRC form, the attorney's typed name) instead of the federal registry. */
  onCadastrar?(documento: string): void;
}) {
  const { t } = useTranslation();
  const { hasAnyAuthority } = useSession();
  const [doc, setDoc] = useState('');
  const [achada, setAchada] = useState<Encontrada | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [naoEncontrado, setNaoEncontrado] = useState(false);
  const [ocupado, setOcupado] = useState(false);
  const digitos = doc.replace(/\D/g, '');
  const valido = digitos.length >= min && digitos.length <= max;

  const pesquisar = async () => {
    setErro(null);
    setNaoEncontrado(false);
    setAchada(null);
    onEncontrar(null);
    setOcupado(true);
    try {
      const r = await http.get<PessoaResumo[] | (Pick<ContadorEncontrado, 'numeroPessoa' | 'numeroDocumento' | 'razaoSocial'> & Partial<ContadorEncontrado>)>(`${REGISTRY_API_BASE}/${caminho}/${digitos}`, { silent: true });
      const p = Array.isArray(r) ? r[0]! : r;
      // The accountant lookup answers the whole accountant (CRC, e-mail): kept for the Contador tab.
      const e: Encontrada = 'nome' in p ? { numeroPessoa: p.numeroPessoa, numeroDocumento: p.numeroDocumento, nome: p.nome }
        : { numeroPessoa: p.numeroPessoaContador ?? p.numeroPessoa, numeroDocumento: p.numeroDocumento, nome: p.razaoSocial, ...(p.contador ? { contador: p as ContadorEncontrado } : {}) };
      setAchada(e);
      onEncontrar(e);
    } catch (e) {
      if (e instanceof HttpError && e.status === 404 && e.problem?.detail === 'Registro não encontrado.') setNaoEncontrado(true);
      else setErro(httpErrorMessage(e, t));
    } finally {
      setOcupado(false);
    }
  };
  const cadastrar = async () => {
    setOcupado(true);
    try {
      await http.post(`${REGISTRY_API_BASE}/pessoa/cadastrar-pessoa-infoconv/${digitos}`, {}, { silent: true });
      await pesquisar();
    } catch (e) {
      setErro(httpErrorMessage(e, t));
      setOcupado(false);
    }
  };
  return (
    <div>
      <Group align="flex-end">
        <TextInput label={rotulo} withAsterisk value={doc} inputMode="numeric" style={{ flex: 1 }} data-autofocus
          onChange={(e) => setDoc(e.currentTarget.value.replace(/\D/g, '').slice(0, max))}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); if (valido) void pesquisar(); } }} />
        <Button onClick={() => void pesquisar()} disabled={!valido} loading={ocupado}>{t('manutencao.pesquisar')}</Button>
      </Group>
      {achada && <Text mt="xs" data-testid="pessoa-encontrada">{formatDocumento(achada.numeroDocumento)} — {achada.nome}</Text>}
      {naoEncontrado && (
        <Alert color="yellow" mt="xs" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('manutencao.naoEncontrado')}</Text>
            {onCadastrar ? <Button size="xs" onClick={() => onCadastrar(digitos)}>{t('manutencao.cadastrar')}</Button>
              : caminho !== 'contador/obterPorNumeroDocumento' && hasAnyAuthority([Authority.CAD_PESSOA_INFOC]) && (
                <Button size="xs" onClick={() => void cadastrar()} loading={ocupado}>{t('manutencao.cadastrar')}</Button>
              )}
          </Group>
        </Alert>
      )}
      {erro && <Alert color="red" mt="xs" role="alert">{erro}</Alert>}
    </div>
  );
}
