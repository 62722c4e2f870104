import { sql } from 'drizzle-orm';
import { documentosSoNaReceita, NOMES, SOBRENOMES } from './receita-documentos.js';
import type { Database } from '../../db/client.js';

/**
 * Federal-registry records of people the state registry does not know yet (Cadastrar Pessoa finds
 * them at the Receita and creates them). Same seed, same documents; documents the registry already
 * has are skipped. Addresses in real Alagoas municipalities, DDD 82.
 */
export async function generateFederalOnly(db: Database, seed: number, quantos = 40): Promise<Record<string, number>> {
  const { cpfs, cnpjs, pick } = documentosSoNaReceita(seed, quantos);
  const endereco = (n: number) => sql`(select uf from ref_municipio where uf = 'AL' order by id offset ${n % 100} limit 1),
    (select id from ref_municipio where uf = 'AL' order by id offset ${n % 100} limit 1), ${1 + (n % 6)}, ${`RUA ${pick(SOBRENOMES)} ${pick(NOMES)}`},
    ${String(1 + (n * 37) % 2000)}, ${null}, 'CENTRO', ${String(57_000_000 + ((n * 7717) % 999_999))}, '82', ${'9' + String(80_000_000 + n * 1013)}`;
  let cpf = 0;
  let cnpj = 0;
  for (const p of cpfs) {
    const r = (await db.db.execute(sql`insert into receita_cpf (cpf, nome, situacao, uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep, ddd, telefone, email)
      select ${p.doc}, ${p.nome}, 'REGULAR', ${endereco(p.n)}, ${`pessoa${p.n}@exemplo.com.br`}
      where not exists (select 1 from pessoa where numero_documento = ${p.doc}) on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
    cpf += r.rowCount ?? r.affectedRows ?? 0;
  }
  for (const p of cnpjs) {
    const r = (await db.db.execute(sql`insert into receita_cnpj (cnpj, razao_social, situacao, motivo, data_situacao, cpf_responsavel, nome_responsavel,
        uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep, ddd, telefone, email)
      select ${p.doc}, ${p.nome}, 'ATIVA', ${null}, ${`2026-0${1 + (p.n % 9)}-1${p.n % 10}`}, ${cpfs[p.n]!.doc}, ${cpfs[p.n]!.nome}, ${endereco(p.n + 50)},
        ${`contato${p.n}@empresa.com.br`}
      where not exists (select 1 from pessoa where numero_documento = ${p.doc}) on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
    cnpj += r.rowCount ?? r.affectedRows ?? 0;
  }
  return { receita_cpf_novos: cpf, receita_cnpj_novos: cnpj };
}
