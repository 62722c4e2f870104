import { sql } from 'drizzle-orm';
import { separarTipoLogradouro, violacaoCepMunicipio, type AbaEvento, type Alteracao, type EnderecoEdicao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { fieldProblem } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { arr, diffLista, simNao, texto, type Campos } from './evento-diff.js';
import type { EnderecoLido, RefsEndereco } from './evento-estado.js';
import type { Conferir } from './evento-versoes.js';

const coordenada = (v: string | null) => texto(v && Number(v).toFixed(6));

const camposLidos = (e: EnderecoLido): Campos => ({
  tipo: e.tipo, principal: simNao(e.eh_principal), pais: e.pais, uf: texto(e.uf), municipio: texto(e.municipio), tipoLogradouro: texto(e.tipo_logradouro),
  logradouro: e.logradouro, numero: texto(e.numero), complemento: texto(e.complemento), bairro: texto(e.bairro), cep: texto(e.cep),
  referencia: texto(e.referencia), enderecoEletronico: texto(e.endereco_eletronico), latitude: coordenada(e.latitude), longitude: coordenada(e.longitude),
});

/** One person's new address list: where it is in the request (for the 400's field), whose, and how the timeline names it. */
export interface ListaEnderecos {
  numeroPessoa: number;
  lista: EnderecoEdicao[];
  /** Field path of the list in the request, e.g. "dadosCadastrais.enderecos" or "socios.2.enderecos". */
  caminho: string;
  aba: AbaEvento;
  campo: string;
  /** Prefix of each item's key in the timeline (the partner's document), '' for the registration's own. */
  prefixo: string;
  /** A partner's document (its addresses are the partner's, shared by every company it is in). */
  documento?: string;
}

/**
 * §2 addresses of one or more persons in one go: every reference must exist, the município be of the UF,
 * an `id` be one of the person's; the difference is computed BEFORE writing (names from the references
 * read with the state) and only the changed rows are written — at most two statements for all persons.
 */
export async function aplicarEnderecos(tx: DbOrTx, listas: ListaEnderecos[], atuais: EnderecoLido[], refs: RefsEndereco, conferir: Conferir): Promise<Alteracao[]> {
  const tipos = new Map(refs.tipos.map((x) => [Number(x.id), x.descricao]));
  const paises = new Map(refs.paises.map((x) => [Number(x.id), x.nome]));
  const ufs = new Set(refs.ufs);
  const municipios = new Map(refs.municipios.map((x) => [Number(x.id), x]));
  const logradouros = new Map(refs.logradouros.map((x) => [Number(x.id), x.descricao]));
  const alteracoes: Alteracao[] = [];
  const removidos: number[] = [];
  const limpar: number[] = [];
  const mudados: (EnderecoEdicao & { numeroPessoa: number })[] = [];
  const tiposLogradouro = refs.logradouros.map((x) => ({ id: Number(x.id), descricao: x.descricao }));
  for (const entrada of listas) {
    const doPessoa = atuais.filter((e) => Number(e.numero_pessoa) === entrada.numeroPessoa);
    // Issue 40 §6: a new or retyped street's first word that names a type sets the type ("Rua do Sol" → RUA, "do Sol"),
    // as the SPA does while typing, so every client gets the same; a street stored as it is sent stays untouched.
    const guardados = new Map(doPessoa.map((e) => [Number(e.id), e.logradouro]));
    const l = { ...entrada, lista: entrada.lista.map((e) => {
      if (e.id !== undefined && guardados.get(e.id) === e.logradouro) return e;
      const s = separarTipoLogradouro(e.logradouro, tiposLogradouro);
      return s ? { ...e, ...s } : e;
    }) };
    const bad = (campo: string, detail: string) => fieldProblem(l.aba, `${l.caminho}.${campo}`, 'invalido', detail);
    const ids = new Set(doPessoa.map((e) => Number(e.id)));
    const vistos = new Set<number>();
    const depois = new Map<string, Campos>();
    l.lista.forEach((e, i) => {
      const mun = e.municipioId === null ? null : municipios.get(e.municipioId);
      const checagens = [['tipoEnderecoId', tipos.has(e.tipoEnderecoId)], ['paisId', paises.has(e.paisId)], ['uf', e.uf === null || ufs.has(e.uf)],
        ['municipioId', e.municipioId === null || mun?.uf === e.uf], ['tipoLogradouroId', e.tipoLogradouroId === null || logradouros.has(e.tipoLogradouroId)]] as const;
      for (const [campo, valido] of checagens) if (!valido) throw bad(`${i}.${campo}`, 'Valor desconhecido.');
      if (e.id !== undefined && (!ids.has(e.id) || vistos.has(e.id))) throw bad(`${i}.id`, 'Endereço de outra pessoa.');
      if (e.id !== undefined) vistos.add(e.id);
      depois.set(e.id !== undefined ? `${l.prefixo}#${e.id}` : `${l.prefixo}novo-${i + 1}`, {
        tipo: tipos.get(e.tipoEnderecoId)!, principal: simNao(e.ehPrincipal), pais: paises.get(e.paisId)!, uf: texto(e.uf), municipio: texto(mun?.nome),
        tipoLogradouro: texto(e.tipoLogradouroId === null ? null : logradouros.get(e.tipoLogradouroId)), logradouro: e.logradouro, numero: texto(e.numero),
        complemento: texto(e.complemento), bairro: texto(e.bairro), cep: texto(e.cep), referencia: texto(e.referencia), enderecoEletronico: texto(e.enderecoEletronico),
        latitude: coordenada(e.latitude), longitude: coordenada(e.longitude),
      });
    });
    const antes = new Map(doPessoa.map((e) => [`${l.prefixo}#${e.id}`, camposLidos(e)]));
    const dif = diffLista(l.aba, l.campo, antes, depois);
    // Only a list that changes is written, so only then must its version be the one the screen read.
    if (dif.length) conferir([{ numeroPessoa: l.numeroPessoa, parte: 'enderecos', documento: l.documento }]);
    alteracoes.push(...dif);
    for (const e of doPessoa) if (!vistos.has(Number(e.id))) removidos.push(Number(e.id));
    l.lista.forEach((e, i) => {
      const chave = `${l.prefixo}#${e.id}`;
      if (e.id !== undefined && JSON.stringify(antes.get(chave)) === JSON.stringify(depois.get(chave))) return;
      // Issue 32: a new or changed address's CEP is inside its municipality's Correios range (no municipality: AL's, issue 39).
      exigirRegras(l.aba, `${l.caminho}.${i}.`, violacaoCepMunicipio(e.cep, e.municipioId, e.uf));
      mudados.push({ ...e, numeroPessoa: l.numeroPessoa });
    });
    // One principal per person at every moment (unique index): a stored principal that stops being one is cleared first.
    const principalNovo = l.lista.find((e) => e.ehPrincipal);
    for (const e of doPessoa) if (e.eh_principal && vistos.has(Number(e.id)) && principalNovo?.id !== Number(e.id)) limpar.push(Number(e.id));
  }
  if (removidos.length || limpar.length) {
    await tx.execute(sql`with d as (delete from endereco where id = any(${arr(removidos)}::bigint[]))
      update endereco set eh_principal = false where id = any(${arr(limpar)}::bigint[])`);
  }
  if (mudados.length) {
    const linhas = JSON.stringify(mudados.map((e) => ({ ...e, id: e.id ?? null, numero: e.numero || null, complemento: e.complemento || null, bairro: e.bairro || null,
      referencia: e.referencia || null, enderecoEletronico: e.enderecoEletronico || null })));
    const colunas = sql`v(id bigint, "numeroPessoa" bigint, "tipoEnderecoId" int, "ehPrincipal" boolean, "paisId" int, uf text, "municipioId" int, "tipoLogradouroId" int,
      logradouro text, numero text, complemento text, bairro text, cep text, referencia text, "enderecoEletronico" text, latitude numeric, longitude numeric)`;
    // Updates and inserts touch different rows: one statement (the inserted principal's person had its old one cleared above).
    await tx.execute(sql`with u as (
        update endereco e set tipo_endereco_id = v."tipoEnderecoId", eh_principal = v."ehPrincipal", pais_id = v."paisId", uf = v.uf, municipio_id = v."municipioId",
          tipo_logradouro_id = v."tipoLogradouroId", logradouro = v.logradouro, numero = v.numero, complemento = v.complemento, bairro = v.bairro, cep = v.cep,
          referencia = v.referencia, endereco_eletronico = v."enderecoEletronico", latitude = v.latitude, longitude = v.longitude, version = e.version + 1, updated_at = now()
        from jsonb_to_recordset(${linhas}::jsonb) as ${colunas} where v.id is not null and e.id = v.id)
      insert into endereco (numero_pessoa, tipo_endereco_id, eh_principal, pais_id, uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep,
        referencia, endereco_eletronico, latitude, longitude)
      select v."numeroPessoa", v."tipoEnderecoId", v."ehPrincipal", v."paisId", v.uf, v."municipioId", v."tipoLogradouroId", v.logradouro, v.numero, v.complemento, v.bairro,
        v.cep, v.referencia, v."enderecoEletronico", v.latitude, v.longitude from jsonb_to_recordset(${linhas}::jsonb) as ${colunas} where v.id is null`);
  }
  return alteracoes;
}
