import { sql } from 'drizzle-orm';
import { formatCnpj, hojeEmMaceio, onlyCnpjChars, onlyDigits, type ConsultaGestor, type DadosGestor, type ResultadoSincronizacao } from '@cadastro/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import type { GestorPort, RegistroGestor } from '../../integrations/gestor/port.js';
import { registrarConsultaReceita, type ReceitaPort } from '../../integrations/receita/port.js';
import { auditChange } from '../../platform/audit.js';
import { notFound } from '../../platform/errors/problem.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

const numero = (q: ConsultaGestor) => (q.tipoDocumento === 'CACEAL' ? onlyDigits(q.numeroDocumento).slice(0, 8) : onlyCnpjChars(q.numeroDocumento));

async function buscarNoGestor(gestor: GestorPort, q: ConsultaGestor): Promise<RegistroGestor> {
  const g = await gestor.buscar(q.tipoDocumento, numero(q));
  if (!g) throw notFound('Nenhum registro encontrado.');
  return g;
}

/** The registry's side: the registration the manager record names (by CACEAL, else the CNPJ's latest). */
async function noCadastro(db: DbOrTx, g: RegistroGestor, lock = false) {
  const [c] = await rows(db, sql`select c.id, c.numero_caceal, c.situacao_id, s.descricao as situacao, m.descricao as motivo, c.data_situacao, c.situacao_pj,
      c.version, p.numero_pessoa, p.nome from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
      where ${g.caceal !== null ? sql`c.numero_caceal = ${g.caceal}` : sql`p.numero_documento = ${g.cnpj}`} order by c.id desc limit 1
      ${lock ? sql`for update of c, p` : sql``}`);
  return c ?? null;
}

function diferencas(g: RegistroGestor, c: Row): string[] {
  const d: string[] = [];
  if (String(c.nome) !== g.razaoSocial) d.push(`Razão social: "${String(c.nome)}" → "${g.razaoSocial}"`);
  if (String(c.situacao) !== g.situacaoPessoa) d.push(`Situação cadastral do CACEAL ${String(c.numero_caceal)}: ${String(c.situacao)} → ${g.situacaoPessoa}`);
  return d;
}

/** gestor/dadosContribuinte: the manager's record and what a sync would change. */
export async function dadosGestor(db: DbOrTx, gestor: GestorPort, q: ConsultaGestor): Promise<DadosGestor> {
  const g = await buscarNoGestor(gestor, q);
  const c = await noCadastro(db, g);
  if (!c) throw notFound('Nenhum registro encontrado.');
  return { ...g, diferencas: diferencas(g, c) };
}

/**
 * gestor/sinc: applies the manager system's differences (company name, registration status) and the
 * federal registry's CNPJ status to the registry in one transaction, with history rows and audit.
 * Running it again changes nothing (idempotent): only differences are written.
 */
export async function sincronizar(database: Database, ports: { gestor: GestorPort; receita: ReceitaPort }, login: string, q: ConsultaGestor): Promise<ResultadoSincronizacao> {
  // The external systems are asked first, outside the transaction: a remote call must not hold it open.
  const g = await buscarNoGestor(ports.gestor, q);
  const rf = await ports.receita.consultarCnpj(g.cnpj);
  return database.db.transaction((tx) => aplicar(tx, login, g, rf));
}

async function aplicar(tx: DbOrTx, login: string, g: RegistroGestor, rf: Awaited<ReturnType<ReceitaPort['consultarCnpj']>>): Promise<ResultadoSincronizacao> {
  const c = await noCadastro(tx, g, true);
  if (!c) throw notFound('Nenhum registro encontrado.');
  const hoje = hojeEmMaceio();
  const alteracoes = diferencas(g, c);
  if (String(c.nome) !== g.razaoSocial) {
    // The history keeps the name the company had until today.
    await tx.execute(sql`insert into historico_razao_social (numero_pessoa, nome, data_alteracao) values (${Number(c.numero_pessoa)}, ${String(c.nome)}, ${hoje})`);
    await tx.execute(sql`update pessoa set nome = ${g.razaoSocial}, version = version + 1, updated_at = now() where numero_pessoa = ${Number(c.numero_pessoa)}`);
    await auditChange(tx, login, 'Pessoa', Number(c.numero_pessoa), { nome: c.nome }, { nome: g.razaoSocial }, 'sincronização com o gestor');
  }
  if (String(c.situacao) !== g.situacaoPessoa) {
    const [s] = await rows(tx, sql`select id from ref_situacao_cadastral where descricao = ${g.situacaoPessoa}`);
    if (!s) throw new Error(`gestor sent an unknown status: ${g.situacaoPessoa}`);
    await tx.execute(sql`update contribuinte set situacao_id = ${Number(s.id)}, motivo_id = null, data_situacao = ${hoje}, version = version + 1, updated_at = now()
      where id = ${Number(c.id)}`);
    await tx.execute(sql`insert into historico_situacao (contribuinte_id, situacao_id, motivo_id, data_alteracao) values (${Number(c.id)}, ${Number(s.id)}, null, ${hoje})`);
    await auditChange(tx, login, 'Contribuinte', Number(c.numero_caceal), { situacao: c.situacao, motivo: c.motivo }, { situacao: g.situacaoPessoa, motivo: null }, 'sincronização com o gestor');
  }
  // The CNPJ's own status comes from the federal registry (and the consultation is logged).
  await registrarConsultaReceita(tx, rf, 'cad');
  if (rf && rf.situacao !== c.situacao_pj) {
    await tx.execute(sql`update contribuinte set situacao_pj = ${rf.situacao} where id = ${Number(c.id)}`);
    await auditChange(tx, login, 'Contribuinte', Number(c.numero_caceal), { situacaoPj: c.situacao_pj }, { situacaoPj: rf.situacao }, 'consulta à Receita Federal');
    alteracoes.push(`Situação do CNPJ na Receita Federal: ${String(c.situacao_pj ?? '—')} → ${rf.situacao}`);
  }
  return { cnpj: g.cnpj, mensagem: `O cnpj ${formatCnpj(g.cnpj)} foi sincronizado!`, alteracoes };
}
