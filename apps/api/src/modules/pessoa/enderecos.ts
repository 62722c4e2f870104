import { sql } from 'drizzle-orm';
import type { Endereco } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/** Every address of a person, the main one first (obterEnderecos; also the detail's address viewer). */
export async function obterEnderecos(db: DbOrTx, numeroPessoa: number): Promise<Endereco[]> {
  return (
    await rows(
      db,
      sql`select e.*, te.descricao as tipo, pa.nome as pais, mu.nome as municipio_nome, tl.descricao as logradouro_tipo
        from endereco e join ref_tipo_endereco te on te.id = e.tipo_endereco_id join ref_pais pa on pa.id = e.pais_id
        left join ref_municipio mu on mu.id = e.municipio_id left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id
        where e.numero_pessoa = ${numeroPessoa} order by e.eh_principal desc, e.id`,
    )
  ).map(
    (e): Endereco => ({
      id: Number(e.id),
      tipoEndereco: String(e.tipo),
      ehPrincipal: Boolean(e.eh_principal),
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
    }),
  );
}
