// The clerk's mix of the reliability and upgrade runs (bench/reliability.ts, bench/atualizacao.ts): terms
// sampled from the generated registry, and the calls a clerk at the consultation screen makes.
import pg from 'pg';
import { seededRng } from '../packages/domain/src/documents/digits.js';
import type { Pedido } from './carga.js';

export interface Termos { caceais: string[]; cnpjs: string[]; nomes: string[] }
export async function termos(db: pg.Client): Promise<Termos> {
  const lista = async (q: string) => (await db.query(q)).rows.map((r) => String(Object.values(r)[0]));
  const simples = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return {
    caceais: await lista('select numero_caceal from contribuinte tablesample system (10) repeatable (7) limit 3000'),
    cnpjs: await lista(`select numero_documento from pessoa tablesample system (10) repeatable (7) where tipo = 'J' limit 3000`),
    nomes: (await lista(`select nome from pessoa tablesample system (10) repeatable (7) where tipo = 'J' limit 3000`)).map((n) => simples(n.split(' ').slice(0, 2).join(' '))),
  };
}

/**
 * What a clerk at the consultation screen does: searches by CACEAL (30 %), CNPJ (25 %) and company
 * name (15 %, two words), and opens a registration by CACEAL (30 %).
 */
export function mistura(t: Termos, semente: number) {
  const r = seededRng(semente); // the same run of calls each time
  const de = (xs: string[]) => encodeURIComponent(xs[Math.floor(r() * xs.length)]!);
  const busca = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes';
  return (): Pedido => {
    const x = r();
    if (x < 0.3) return { metodo: 'GET', caminho: `${busca}/CACEAL/${de(t.caceais)}/0/10`, rotulo: 'CACEAL' };
    if (x < 0.55) return { metodo: 'GET', caminho: `${busca}/CNPJ/${de(t.cnpjs)}/0/10`, rotulo: 'CNPJ' };
    if (x < 0.7) return { metodo: 'GET', caminho: `${busca}/RAZAO_SOCIAL/${de(t.nomes)}/0/10`, rotulo: 'RAZAO_SOCIAL' };
    return { metodo: 'GET', caminho: `/sfz-cadastro-api/api/contribuinte/obterDadosCadastrais/porCaceal/${de(t.caceais)}`, rotulo: 'dados' };
  };
}
