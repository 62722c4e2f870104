import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCep, municipioDoCep, REGISTRY_API_BASE, separarTipoLogradouro, UFS, violacaoCepMunicipio, type Endereco, type EnderecoEdicao } from '@cadastro/domain';
import { http } from '../../../ui/http';
import { Secao } from '../DadosCadastrais';
import { useCombo } from './Dados';
import { RodapeDialogo } from '../../../ui/RodapeDialogo';

/** An address of the draft: the block's fields plus the line the list shows. */
export type EnderecoRascunho = EnderecoEdicao & { rotulo: string; tipo: string };

export const enderecoDoOriginal = (e: Endereco): EnderecoRascunho => ({
  id: e.id, tipoEnderecoId: e.tipoEnderecoId, ehPrincipal: e.ehPrincipal, paisId: e.paisId, uf: e.uf, municipioId: e.municipio?.id ?? null,
  tipoLogradouroId: e.codigoTipoLogradouro, logradouro: e.logradouro, numero: e.numeroImovel, complemento: e.complemento, bairro: e.bairro, cep: e.cep,
  referencia: e.referencia, enderecoEletronico: e.enderecoEletronico, latitude: e.numeroLatitude && String(Number(e.numeroLatitude)),
  longitude: e.numeroLongitude && String(Number(e.numeroLongitude)),
  tipo: e.tipoEndereco, rotulo: [[e.tipoLogradouro, e.logradouro, e.numeroImovel].filter(Boolean).join(' '), e.bairro, e.municipio && `${e.municipio.nome}/${e.municipio.codigoUf}`, formatCep(e.cep)].filter(Boolean).join(' - '),
});
export const enderecoParaBloco = ({ rotulo: _r, tipo: _t, ...e }: EnderecoRascunho): EnderecoEdicao => e;

/** §2 addresses of the Dados Cadastrais tab (and of a partner): new address, edit, remove; one principal. */
export function EnderecosEdicao({ enderecos, ed, alterar, rotuloNovo }: { enderecos: EnderecoRascunho[]; ed: boolean; alterar(l: EnderecoRascunho[]): void; rotuloNovo?: string }) {
  const { t } = useTranslation();
  const [dialogo, setDialogo] = useState<{ indice: number | null } | null>(null);
  const salvar = (e: EnderecoRascunho) => {
    const base = dialogo?.indice === null ? [...enderecos, e] : enderecos.map((x, j) => (j === dialogo?.indice ? e : x));
    // A new principal takes the flag from the others (one per person).
    alterar(e.ehPrincipal ? base.map((x) => (x === e ? x : { ...x, ehPrincipal: false })) : base);
    setDialogo(null);
  };
  return (
    <Secao titulo={t('manutencao.endereco.titulo')} acao={<Button size="xs" disabled={!ed} onClick={() => setDialogo({ indice: null })}>{rotuloNovo ?? t('manutencao.endereco.novo')}</Button>}>
      <Stack gap="xs">
        {!enderecos.length && <Text c="dimmed">{t('contribuinte.naoInformado')}</Text>}
        {enderecos.map((e, i) => (
          <Paper key={e.id ?? `novo-${i}`} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs">
                <Text fw={700} size="sm">{e.tipo}</Text>
                {e.ehPrincipal && <Badge color="govbr">{t('contribuinte.endereco.principal')}</Badge>}
                <Text size="sm">{e.rotulo}</Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" disabled={!ed} onClick={() => setDialogo({ indice: i })}>{t('entity.action.edit')}</Button>
                <Button size="xs" variant="subtle" color="red" disabled={!ed} onClick={() => alterar(enderecos.filter((_, j) => j !== i))}>{t('manutencao.remover')}</Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {dialogo && <EnderecoDialogo endereco={dialogo.indice === null ? null : enderecos[dialogo.indice]!} onClose={() => setDialogo(null)} onSalvar={salvar} />}
    </Secao>
  );
}

type Combo = { id: number | string; descricao: string }[];
const BRASIL = 76;
/** A municipality's IBGE code starts with its state's (27xxxxx: Alagoas). */
const ufDoMunicipio = (ibge: number) => UFS.find((u) => u.ibge === Math.floor(ibge / 100000))?.sigla ?? null;

/**
 * The full address form (§2): país, UF, município, bairro, tipo de logradouro, logradouro, número, CEP (mask), complemento, referência,
 * e-mail, latitude, longitude. `exceto`: a state left out of the list (the attorney's, §5: not AL).
 */
export function EnderecoDialogo({ endereco, onClose, onSalvar, exceto }: { endereco: EnderecoRascunho | null; onClose(): void; onSalvar(e: EnderecoRascunho): void; exceto?: string }) {
  const { t } = useTranslation();
  const tipos = useCombo('tipoEndereco');
  const paises = useCombo('pais');
  const ufs = useCombo('uf');
  const logradouros = useCombo('tipoLogradouro');
  const [f, setF] = useState<EnderecoRascunho>(endereco ?? {
    tipoEnderecoId: 0, ehPrincipal: false, paisId: BRASIL, uf: exceto === 'AL' ? null : 'AL', municipioId: null, tipoLogradouroId: null, logradouro: '', numero: null, complemento: null,
    bairro: null, cep: null, referencia: null, enderecoEletronico: null, latitude: null, longitude: null, rotulo: '', tipo: '',
  });
  const municipios = useQuery({
    enabled: !!f.uf,
    queryKey: ['combo', 'municipio', f.uf],
    queryFn: ({ signal }) => http.get<Combo>(`${REGISTRY_API_BASE}/municipio/${f.uf}`, { silent: true, signal }),
    staleTime: Infinity,
  });
  const opcoes = (c: Combo | undefined) => (c ?? []).map((x) => ({ value: String(x.id), label: x.descricao }));
  const txt = (campo: keyof EnderecoEdicao, max: number) => ({
    value: (f[campo] as string | null) ?? '', maxLength: max,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [campo]: e.currentTarget.value || null }),
  });
  const coordenada = (v: string | null, lim: number) => v === null || (/^-?\d{1,3}(\.\d{1,6})?$/.test(v) && Math.abs(Number(v)) <= lim);
  // The server's rule (issue 32): the CEP inside the municipality's Correios range, shown before sending.
  const foraDaFaixa = violacaoCepMunicipio(f.cep, f.municipioId, f.uf);
  const valido = f.tipoEnderecoId > 0 && !!f.logradouro.trim() && (f.cep === null || /^\d{8}$/.test(f.cep)) && !foraDaFaixa && coordenada(f.latitude, 90) && coordenada(f.longitude, 180);
  const cep = f.cep ?? '';
  /** A complete CEP the reference table knows fills the UF and the município (Brazil only). */
  const digitarCep = (valor: string) => {
    const novo = valor.replace(/\D/g, '').slice(0, 8) || null;
    const ibge = f.paisId === BRASIL ? municipioDoCep(novo) : null;
    setF(ibge && ibge !== f.municipioId ? { ...f, cep: novo, uf: ufDoMunicipio(ibge) ?? f.uf, municipioId: ibge } : { ...f, cep: novo });
  };
  // Issue 40 §6: "Rua do Sol" typed whole sets the type RUA and keeps "do Sol" (the server does the same).
  const separar = (e: EnderecoRascunho) => {
    const s = separarTipoLogradouro(e.logradouro, logradouros.data ?? []);
    return s ? { ...e, ...s } : e;
  };
  const salvar = () => {
    if (!valido) return;
    const g = separar(f);
    const mun = municipios.data?.find((m) => String(m.id) === String(g.municipioId));
    const tl = logradouros.data?.find((x) => x.id === g.tipoLogradouroId);
    onSalvar({
      ...g, logradouro: g.logradouro.trim(), tipo: tipos.data?.find((x) => x.id === g.tipoEnderecoId)?.descricao ?? '',
      rotulo: [[tl?.descricao, g.logradouro.trim(), g.numero].filter(Boolean).join(' '), g.bairro, mun && `${mun.descricao}/${g.uf}`, formatCep(g.cep)].filter(Boolean).join(' - '),
    });
  };
  return (
    <Modal opened onClose={onClose} title={t(endereco ? 'manutencao.endereco.titulo' : 'manutencao.endereco.novo')} size="xl">
      <Stack>
        <Group>
          <Select label={t('manutencao.endereco.tipo')} withAsterisk data={opcoes(tipos.data)} value={f.tipoEnderecoId ? String(f.tipoEnderecoId) : null}
            onChange={(v) => setF({ ...f, tipoEnderecoId: Number(v ?? 0) })} data-autofocus />
          <Checkbox mt="lg" label={t('contribuinte.endereco.principal')} checked={f.ehPrincipal} onChange={(e) => setF({ ...f, ehPrincipal: e.currentTarget.checked })} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={t('contribuinte.pais')} searchable data={opcoes(paises.data)} value={String(f.paisId)} allowDeselect={false}
            onChange={(v) => setF({ ...f, paisId: Number(v), ...(Number(v) !== BRASIL ? { uf: null, municipioId: null } : {}) })} />
          <Select label={t('contribuinte.endereco.uf')} searchable clearable disabled={f.paisId !== BRASIL} data={opcoes(ufs.data?.filter((u) => String(u.id) !== exceto))} value={f.uf} onChange={(v) => setF({ ...f, uf: v, municipioId: null })} />
          <Select label={t('contribuinte.municipio')} searchable clearable disabled={!f.uf} data={opcoes(municipios.data)} value={f.municipioId === null ? null : String(f.municipioId)}
            onChange={(v) => setF({ ...f, municipioId: v ? Number(v) : null })} />
          <TextInput label={t('contribuinte.bairro')} {...txt('bairro', 80)} />
          <Select label={t('contribuinte.endereco.tipoLogradouro')} searchable clearable data={opcoes(logradouros.data)} value={f.tipoLogradouroId === null ? null : String(f.tipoLogradouroId)}
            onChange={(v) => setF({ ...f, tipoLogradouroId: v ? Number(v) : null })} />
          <TextInput label={t('contribuinte.logradouro')} withAsterisk {...txt('logradouro', 150)} value={f.logradouro} onBlur={() => setF(separar(f))} />
          <TextInput label={t('contribuinte.endereco.numero')} {...txt('numero', 10)} />
          <TextInput label={t('contribuinte.cep')} placeholder="99999-999" inputMode="numeric" value={cep.length > 5 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep}
            onChange={(e) => digitarCep(e.currentTarget.value)}
            error={f.cep && f.cep.length !== 8 ? t('manutencao.dados.invalido') : foraDaFaixa ? t(`validation.${foraDaFaixa.regra}`, { n: foraDaFaixa.n }) : undefined} />
          <TextInput label={t('contribuinte.complemento')} {...txt('complemento', 100)} />
          <TextInput label={t('contribuinte.endereco.referencia')} {...txt('referencia', 150)} />
          <TextInput label={t('contribuinte.endereco.eletronico')} {...txt('enderecoEletronico', 100)} />
          <Group grow>
            <TextInput label={t('manutencao.endereco.latitude')} placeholder="-9.665" {...txt('latitude', 11)} error={coordenada(f.latitude, 90) ? undefined : t('manutencao.dados.invalido')} />
            <TextInput label={t('manutencao.endereco.longitude')} placeholder="-35.735" {...txt('longitude', 11)} error={coordenada(f.longitude, 180) ? undefined : t('manutencao.dados.invalido')} />
          </Group>
        </SimpleGrid>
        <RodapeDialogo onClose={onClose} onSalvar={salvar} desabilitado={!valido} />
      </Stack>
    </Modal>
  );
}
