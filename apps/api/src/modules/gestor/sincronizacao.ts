import { sql } from 'drizzle-orm';
import { AuditMessage, hojeEmMaceio, onlyCnpjChars, onlyDigits, ProblemType, SITUACAO, violacaoReativacao, type ConsultaGestor, type SincronizarGestor, type DadosGestor, type DiferencaGestor, type ResultadoSincronizacao } from '@cadastro/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import type { GestorPort, RegistroGestor } from '../../integrations/gestor/port.js';
import { registrarConsultaReceita, type ReceitaPort } from '../../integrations/receita/port.js';
import { auditChange } from '../../platform/audit.js';
import { HttpProblem, notFound } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';

type Row = Record<string, unknown>;

const numero = (q: ConsultaGestor) => (q.tipoDocumento === 'CACEAL' ? onlyDigits(q.numeroDocumento).slice(0, 8) : onlyCnpjChars(q.numeroDocumento));

/**
 * 404s say which system did not find the document (a distinct problem type each, the SPA words it);
 * found in neither, it is the spec's plain 'Nenhum registro encontrado.'.
 */
const semRegistro = (type: string, detail: string) => new HttpProblem(404, detail, { type, message: 'error.http.404' });
const semRegistroNoCadastro = (g: RegistroGestor) =>
  semRegistro(ProblemType.NOT_IN_REGISTRY, `The manager system has ${g.caceal !== null ? `CACEAL ${g.caceal}` : `CNPJ ${g.cnpj}`}; the registry does not`);

async function buscarNoGestor(db: DbOrTx, gestor: GestorPort, q: ConsultaGestor): Promise<RegistroGestor> {
  const n = numero(q);
  const g = await gestor.buscar(q.tipoDocumento, n);
  if (g) return g;
  const existe = await queryOne(db, q.tipoDocumento === 'CACEAL'
    ? sql`select 1 from contribuinte where numero_caceal = ${Number(n)} limit 1`
    : sql`select 1 from pessoa where numero_documento = ${n} limit 1`);
  if (existe) throw semRegistro(ProblemType.NOT_IN_MANAGER_SYSTEM, `The registry has ${q.tipoDocumento} ${n}; the manager system does not`);
  throw notFound('Nenhum registro encontrado.');
}

/** The registry's side: the registration the manager record names (by CACEAL, else the CNPJ's latest). */
async function noCadastro(db: DbOrTx, g: RegistroGestor, lock = false) {
  const onde = g.caceal !== null ? sql`c.numero_caceal = ${g.caceal}` : sql`p.numero_documento = ${g.cnpj}`;
  if (lock) {
    // Lock by key, then read: `… join … for update` re-checks the joined status row's old values when
    // a clerk changed the registration meanwhile, and the registration dropped out ("not in registry").
    const [k] = await query<{ id: string; numero_pessoa: string }>(db, sql`select c.id, c.numero_pessoa from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where ${onde} order by c.id desc limit 1`);
    if (!k) return null;
    // The registration first, then its person: the order a status change's recount takes them.
    await db.execute(sql`select 1 from contribuinte where id = ${k.id} for update`);
    await db.execute(sql`select 1 from pessoa where numero_pessoa = ${k.numero_pessoa} for update`);
  }
  const [c] = await query<Row>(db, sql`select c.id, c.numero_caceal, c.situacao_id, s.descricao as situacao, m.descricao as motivo, c.data_situacao, c.situacao_pj,
      c.version, p.numero_pessoa, p.nome from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
      where ${onde} order by c.id desc limit 1`);
  return c ?? null;
}

/** The act behind the registration's current status: its last history row and the notice that wrote it, if any. */
async function origemDaSituacao(db: DbOrTx, contribuinteId: number): Promise<NonNullable<DiferencaGestor['origem']>> {
  const h = await queryOne<{ edital: string | null; tipo_edital: string | null; data: string | null; motivo: string | null }>(db, sql`
    select e.numero as edital, te.descricao as tipo_edital, h.data_alteracao::text as data, m.descricao as motivo
    from historico_situacao h left join edital e on e.id = h.edital_id left join ref_tipo_edital te on te.id = e.tipo_edital_id
    left join ref_motivo_situacao m on m.id = h.motivo_id
    where h.contribuinte_id = ${contribuinteId} order by h.data_alteracao desc, h.id desc limit 1`);
  return { edital: h?.edital ?? null, tipoEdital: h?.tipo_edital ?? null, data: h?.data ?? null, motivo: h?.motivo ?? null };
}

async function diferencas(db: DbOrTx, g: RegistroGestor, c: Row): Promise<DiferencaGestor[]> {
  const d: DiferencaGestor[] = [];
  if (String(c.nome) !== g.razaoSocial) d.push({ campo: 'RAZAO_SOCIAL', caceal: null, atual: String(c.nome), novo: g.razaoSocial });
  if (String(c.situacao) !== g.situacaoPessoa) {
    const origem = await origemDaSituacao(db, Number(c.id));
    d.push({ campo: 'SITUACAO_CADASTRAL', caceal: Number(c.numero_caceal), atual: String(c.situacao), novo: g.situacaoPessoa, origem });
  }
  return d;
}

/** gestor/dadosContribuinte: the manager's record and what a sync would change. */
export async function dadosGestor(db: DbOrTx, gestor: GestorPort, q: ConsultaGestor): Promise<DadosGestor> {
  const g = await buscarNoGestor(db, gestor, q);
  const c = await noCadastro(db, g);
  if (!c) throw semRegistroNoCadastro(g);
  return { ...g, diferencas: await diferencas(db, g, c) };
}

/**
 * gestor/sinc: applies the manager system's differences (company name, registration status) and the
 * federal registry's CNPJ status to the registry in one transaction, with history rows and audit.
 * Running it again changes nothing (idempotent): only differences are written.
 */
export async function sincronizar(database: Database, ports: { gestor: GestorPort; receita: ReceitaPort }, login: string, q: SincronizarGestor): Promise<ResultadoSincronizacao> {
  // The external systems are asked first, outside the transaction: a remote call must not hold it open.
  const g = await buscarNoGestor(database.db, ports.gestor, q);
  const rf = await ports.receita.consultarCnpj(g.cnpj);
  return database.db.transaction((tx) => aplicar(tx, login, g, rf, q.confirmarCnpjInapto));
}

async function aplicar(tx: DbOrTx, login: string, g: RegistroGestor, rf: Awaited<ReturnType<ReceitaPort['consultarCnpj']>>, confirmado?: boolean): Promise<ResultadoSincronizacao> {
  const c = await noCadastro(tx, g, true);
  if (!c) throw semRegistroNoCadastro(g);
  // Issue 30: the manager's ATIVO does not reactivate a registration whose CNPJ the Receita (asked just now,
  // else the registry's copy) does not hold ATIVA, unless the clerk confirmed it.
  if (g.situacaoPessoa === 'ATIVO' && Number(c.situacao_id) !== SITUACAO.ATIVO) {
    exigirRegras('sincronizarGestor', '', violacaoReativacao(rf?.situacao ?? (c.situacao_pj as string | null), SITUACAO.ATIVO, confirmado));
  }
  const hoje = hojeEmMaceio();
  const alteracoes = await diferencas(tx, g, c);
  if (String(c.nome) !== g.razaoSocial) {
    // The history keeps the name the company had until today.
    await tx.execute(sql`insert into historico_razao_social (numero_pessoa, nome, data_alteracao) values (${Number(c.numero_pessoa)}, ${String(c.nome)}, ${hoje})`);
    await tx.execute(sql`update pessoa set nome = ${g.razaoSocial}, version = version + 1, updated_at = now() where numero_pessoa = ${Number(c.numero_pessoa)}`);
    await auditChange(tx, login, 'Pessoa', Number(c.numero_pessoa), { nome: c.nome }, { nome: g.razaoSocial }, AuditMessage.GESTOR_SYNC);
  }
  if (String(c.situacao) !== g.situacaoPessoa) {
    const s = await queryOne<Row>(tx, sql`select id from ref_situacao_cadastral where descricao = ${g.situacaoPessoa}`);
    if (!s) throw new Error(`gestor sent an unknown status: ${g.situacaoPessoa}`);
    await tx.execute(sql`update contribuinte set situacao_id = ${Number(s.id)}, motivo_id = null, data_situacao = ${hoje}, version = version + 1, updated_at = now()
      where id = ${Number(c.id)}`);
    await tx.execute(sql`insert into historico_situacao (contribuinte_id, situacao_id, motivo_id, data_alteracao) values (${Number(c.id)}, ${Number(s.id)}, null, ${hoje})`);
    // The before-image names the notice whose effect the sync overrides, if a notice set the status.
    const origem = alteracoes.find((a) => a.campo === 'SITUACAO_CADASTRAL')?.origem;
    await auditChange(tx, login, 'Contribuinte', Number(c.numero_caceal), { situacao: c.situacao, motivo: c.motivo, edital: origem?.edital ?? null }, { situacao: g.situacaoPessoa, motivo: null }, AuditMessage.GESTOR_SYNC);
  }
  // The CNPJ's own status comes from the federal registry (and the consultation is logged).
  await registrarConsultaReceita(tx, rf, 'cad');
  if (rf) {
    // One CNPJ, one Receita status (issue 30): every registration of the CNPJ gets it, not only the one synced.
    const mudaram = await query<{ numero_caceal: number; antes: string | null }>(tx, sql`with alvo as (select id, numero_caceal, situacao_pj from contribuinte
        where numero_pessoa = ${Number(c.numero_pessoa)} and situacao_pj is distinct from ${rf.situacao} order by id for update)
      update contribuinte x set situacao_pj = ${rf.situacao} from alvo where x.id = alvo.id returning alvo.numero_caceal, alvo.situacao_pj as antes`);
    for (const m of mudaram) {
      await auditChange(tx, login, 'Contribuinte', Number(m.numero_caceal), { situacaoPj: m.antes }, { situacaoPj: rf.situacao }, AuditMessage.RECEITA_QUERY);
    }
    if (mudaram.length) alteracoes.push({ campo: 'SITUACAO_CNPJ', caceal: null, atual: c.situacao_pj == null ? null : String(c.situacao_pj), novo: rf.situacao });
  }
  return { cnpj: g.cnpj, alteracoes };
}
