import { sql } from 'drizzle-orm';
import type { Endereco, Telefone } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query } from '../../db/consulta.js';

type Row = Record<string, unknown>;
const rows = (db: DbOrTx, q: ReturnType<typeof sql>) => query<Row>(db, q);

/** Person numbers as one array parameter (`= any(...)`): one statement whatever their number. */
const comoArray = (pessoas: readonly number[]) => `{${[...new Set(pessoas)].join(',')}}`;

/** Every address of these persons, each person's main one first: one query for any number of persons. */
export async function enderecosDe(db: DbOrTx, pessoas: readonly number[]): Promise<Map<number, Endereco[]>> {
  const por = new Map<number, Endereco[]>();
  if (!pessoas.length) return por;
  const lidos = await rows(
    db,
    sql`select e.*, te.descricao as tipo, pa.nome as pais, mu.nome as municipio_nome, tl.descricao as logradouro_tipo
      from endereco e join ref_tipo_endereco te on te.id = e.tipo_endereco_id join ref_pais pa on pa.id = e.pais_id
      left join ref_municipio mu on mu.id = e.municipio_id left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id
      where e.numero_pessoa = any(${comoArray(pessoas)}::bigint[]) order by e.numero_pessoa, e.eh_principal desc, e.id`,
  );
  for (const e of lidos) {
    const lista = por.get(Number(e.numero_pessoa)) ?? [];
    lista.push(paraEndereco(e));
    por.set(Number(e.numero_pessoa), lista);
  }
  return por;
}

/** Every address of a person, the main one first (obterEnderecos; also the detail's address viewer). */
export async function obterEnderecos(db: DbOrTx, numeroPessoa: number): Promise<Endereco[]> {
  return (await enderecosDe(db, [numeroPessoa])).get(numeroPessoa) ?? [];
}

/** The phones of these persons (§3 Phone), in the order they were registered. */
export async function telefonesDe(db: DbOrTx, pessoas: readonly number[]): Promise<Map<number, Telefone[]>> {
  const por = new Map<number, Telefone[]>();
  if (!pessoas.length) return por;
  const lidos = await rows(
    db,
    sql`select t.*, tt.descricao as tipo from telefone t join ref_tipo_telefone tt on tt.id = t.tipo_telefone_id
      where t.numero_pessoa = any(${comoArray(pessoas)}::bigint[]) order by t.numero_pessoa, t.id`,
  );
  for (const t of lidos) {
    const lista = por.get(Number(t.numero_pessoa)) ?? [];
    lista.push({ id: Number(t.id), codigoTipoTelefone: Number(t.tipo_telefone_id), descricaoTipoTelefone: String(t.tipo), ddd: String(t.ddd), numeroTelefone: String(t.numero) });
    por.set(Number(t.numero_pessoa), lista);
  }
  return por;
}

/** What the tabs show of a partner, responsible, accountant or attorney: main address and phones (§3 endereco, contatos). */
export interface Contatos {
  endereco: Endereco | null;
  contatos: Telefone[];
}

/** Main address and phones of each person: two queries in parallel, whatever the number of persons (no N+1). */
export async function contatosDe(db: DbOrTx, pessoas: readonly number[]): Promise<(numeroPessoa: number) => Contatos> {
  const [enderecos, telefones] = await Promise.all([enderecosDe(db, pessoas), telefonesDe(db, pessoas)]);
  return (n) => {
    const lista = enderecos.get(n) ?? [];
    return { endereco: lista.find((e) => e.ehPrincipal) ?? lista[0] ?? null, contatos: telefones.get(n) ?? [] };
  };
}

function paraEndereco(e: Row): Endereco {
  return {
    id: Number(e.id),
    tipoEnderecoId: Number(e.tipo_endereco_id),
    tipoEndereco: String(e.tipo),
    ehPrincipal: Boolean(e.eh_principal),
    paisId: Number(e.pais_id),
    pais: { nome: String(e.pais) },
    uf: (e.uf as string | null) ?? null,
    municipio: e.municipio_id ? { id: Number(e.municipio_id), nome: String(e.municipio_nome), codigoUf: String(e.uf) } : null,
    codigoTipoLogradouro: e.tipo_logradouro_id === null ? null : Number(e.tipo_logradouro_id),
    tipoLogradouro: (e.logradouro_tipo as string | null) ?? null,
    logradouro: String(e.logradouro),
    numeroImovel: (e.numero as string | null) ?? null,
    complemento: (e.complemento as string | null) ?? null,
    bairro: (e.bairro as string | null) ?? null,
    cep: (e.cep as string | null) ?? null,
    referencia: (e.referencia as string | null) ?? null,
    enderecoEletronico: (e.endereco_eletronico as string | null) ?? null,
    numeroLatitude: e.latitude === null ? null : String(e.latitude),
    numeroLongitude: e.longitude === null ? null : String(e.longitude),
  };
}
