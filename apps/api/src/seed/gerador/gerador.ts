import { Faker, base, pt_BR } from '@faker-js/faker';
import { atividadeDeInteresseIcms, cacealCheckDigit, cacealDoTipo, EIRELI_FIM, PORTE, seededRng } from '@cadastro/domain';
import type { Database } from '../../db/client.js';
import { PORTE_MEI, SITUACAO } from '../referencia/tabelas.js';
import { CopyBuffer, podeCarregarSemGatilhos } from './tsv.js';
import * as D from './dados.js';
import { HOJE, NATUREZA } from './dados.js';
import { DDD_AL, Gen, outraUfDe, somarDias, type Perfil } from './sorteio.js';
import { capitalMinimoEireli, contadorApto } from './mix.js';
import { avisoDeCurvatura, conferirCapacidade, maiorRegistroFiel, CotasTipo, embaralhar, TIPO, tipoContribuinte } from './tipos.js';

export { conferirCapacidade, tipoContribuinte } from './tipos.js';

export interface GeneratorOptions {
  /** Number of CACEAL registrations (contribuinte rows), head offices, branches and old ones included. */
  taxpayers: number;
  seed: number;
  /** Rows per COPY chunk. */
  chunk?: number;
  onProgress?(done: number, total: number): void;
  /** Hears, before generation, how the mix bends when the size does not fit the numbering in the published shares. */
  onAviso?(texto: string): void;
}

export interface GeneratorResult {
  rows: Record<string, number>;
  timings?: { loadMs: number; indexesMs: number; operationalMs: number; analyzeMs: number; operacao?: Record<string, number> };
}

/**
 * The generation loop is synchronous: without a turn of the event loop now and then, the COPY of the
 * previous chunk (socket writes, the server's answer) would only advance at the next flush, and the
 * database would wait for the JavaScript instead of working beside it (docs/performance.md).
 */
const CEDER = 256;
const ceder = () => new Promise<void>((r) => setImmediate(r));

const ALNUM_FROM = '2026-07-01'; // Receita issues alphanumeric CNPJs for registrations from July 2026

/**
 * Deterministic registry generator: the same seed gives the same data. Everything is derived from
 * counters through bijections (no collisions, no lookups), so it streams at any size up to the
 * CACEAL numbering space (500,000: 100,000 per taxpayer type).
 */
export async function generateRegistry(db: Database, opt: GeneratorOptions): Promise<GeneratorResult> {
  if (!Number.isInteger(opt.taxpayers) || opt.taxpayers < 1) throw new Error('taxpayers must be a positive integer');
  conferirCapacidade(opt.taxpayers);
  const rng = seededRng(opt.seed);
  const faker = new Faker({ locale: [pt_BR, base] });
  faker.seed(opt.seed);
  const g = new Gen(rng, faker, opt.taxpayers, opt.seed);
  const naturais = tiposNaturais(g, opt.seed);
  const cotas = new CotasTipo(opt.taxpayers, naturais);
  // Said before anything is written: a size the numbering cannot hold in the published shares bends the mix.
  const aviso = avisoDeCurvatura(opt.taxpayers, naturais);
  if (aviso) opt.onAviso?.(aviso);
  const chunk = opt.chunk ?? 20_000;

  const b = {
    pessoa: new CopyBuffer('pessoa', ['numero_pessoa', 'tipo', 'numero_documento', 'numero_pessoa_raiz', 'nome', 'nome_fantasia', 'email', 'natureza_juridica_id']),
    contribuinte: new CopyBuffer('contribuinte', ['id', 'numero_caceal', 'digito_caceal', 'numero_pessoa', 'indicador_matriz', 'tipo_contribuinte_id', 'porte_id', 'eh_mei', 'eh_optante_simples', 'sublimite_excedido', 'valor_capital_social', 'data_inicio_atividade', 'situacao_id', 'motivo_id', 'data_situacao', 'situacao_pj', 'opcao_livro_eletronico', 'data_autorizacao_livro_eletronico', 'opcao_documento_eletronico', 'data_autorizacao_documento_eletronico', 'uso_obrigatorio_sped']),
    formaAtuacao: new CopyBuffer('contribuinte_forma_atuacao', ['contribuinte_id', 'forma_atuacao_id']),
    tipoUnidade: new CopyBuffer('contribuinte_tipo_unidade', ['contribuinte_id', 'tipo_unidade_id']),
    atividade: new CopyBuffer('atividade_contribuinte', ['contribuinte_id', 'cnae', 'eh_principal', 'eh_interesse']),
    endereco: new CopyBuffer('endereco', ['numero_pessoa', 'tipo_endereco_id', 'eh_principal', 'pais_id', 'uf', 'municipio_id', 'tipo_logradouro_id', 'logradouro', 'numero', 'complemento', 'bairro', 'cep']),
    telefone: new CopyBuffer('telefone', ['numero_pessoa', 'tipo_telefone_id', 'ddd', 'numero']),
    socio: new CopyBuffer('socio', ['numero_pessoa_empresa', 'numero_pessoa_socio', 'qualificacao_id', 'percentual_participacao', 'data_inclusao']),
    responsavel: new CopyBuffer('responsavel', ['numero_pessoa_empresa', 'numero_pessoa_responsavel', 'qualificacao_id']),
    contador: new CopyBuffer('contador', ['numero_pessoa', 'crc_uf', 'crc_numero', 'crc_tipo_inscricao', 'crc_digito', 'categoria_id', 'classificacao_id', 'apto']),
    contribuinteContador: new CopyBuffer('contribuinte_contador', ['contribuinte_id', 'numero_pessoa_contador', 'data_inicio']),
    histSituacao: new CopyBuffer('historico_situacao', ['contribuinte_id', 'situacao_id', 'motivo_id', 'data_alteracao']),
    histRazao: new CopyBuffer('historico_razao_social', ['numero_pessoa', 'nome', 'data_alteracao']),
  };
  // Parents before children, so foreign keys hold at every flush.
  const order = [b.pessoa, b.contador, b.contribuinte, b.formaAtuacao, b.tipoUnidade, b.atividade, b.endereco, b.telefone, b.socio, b.responsavel, b.contribuinteContador, b.histSituacao, b.histRazao];
  // Write one chunk while the next is generated (the database works on the other core). A superuser's
  // COPY skips the foreign-key triggers (copyRows), so a chunk's tables can go in two lanes, each on a
  // backend of its own, each lane taking the largest text left: with one lane the database waited for
  // the JavaScript and the JavaScript for the database in turn, neither core busy (docs/performance.md).
  // Anyone else's COPY is checked: one lane, parents before children, chunks one after another.
  const faixas = (await podeCarregarSemGatilhos(db.db)) ? 2 : 1;
  let pending: Promise<void>[] = [];
  const flushAll = async () => {
    const fila = order.map((t) => [t, t.take()] as const).filter((x): x is readonly [CopyBuffer, string] => x[1] !== null);
    if (faixas > 1) fila.sort((a, b) => b[1].length - a[1].length);
    await Promise.all(pending);
    pending = Array.from({ length: faixas }, async () => {
      for (let x = fila.shift(); x; x = fila.shift()) await db.copyRows(x[0].table, x[0].columns, x[1], { trusted: true });
    });
  };
  let sinceFlush = 0;

  // 1. Individuals: SEFAZ staff, accountants, titulars, partners (disjoint pools, see Gen).
  for (let i = 0; i < g.individuals; i++) {
    const np = i + 1;
    const name = g.personName();
    g.nomes.push(name);
    b.pessoa.add(np, 'F', g.cpf(i), null, name, null, g.email(name), null);
    g.address(b.endereco, np, false);
    if (rng() < 0.6) b.telefone.add(np, 3, DDD_AL, g.celular());
    const k = i - D.SERVIDORES;
    if (k >= 0 && k < g.accountants) {
      b.contador.add(np, 'AL', String(100_000 + ((k * 7_919) % 900_000)), k % 17 === 0 ? 'T' : 'O', g.int(10), k % 9 === 0 ? 2 : 1, 1, contadorApto(k));
    }
    if (b.pessoa.count % chunk === 0) await flushAll();
    else if (np % CEDER === 0) await ceder();
  }
  await flushAll();
  await Promise.all(pending);

  // 2. Companies: head office, sometimes branches, an old CACEAL or a voided duplicate.
  let numeroPessoa = g.individuals;
  let contribuinteId = 0;
  let rootSeq = 0;
  while (contribuinteId < opt.taxpayers) {
    const inicio = g.startDate();
    const alnum = inicio >= ALNUM_FROM;
    const empresa = rootSeq;
    const root = g.cnpjRoot(rootSeq++, alnum);
    // Legal nature and size first, then the type (which the numbering space may move), then names.
    let natural = g.perfil(inicio);
    // The first registration is a company's (the demo taxpayer account is linked to it).
    if (contribuinteId === 0 && natural.natureza === NATUREZA.PRODUTOR_RURAL_PF) natural = g.ajustar(natural, TIPO.MICROEMPRESA);
    const tipo = cotas.escolher(tipoContribuinte(natural.cnae, natural.porte, empresa), contribuinteId);
    const perfil = tipoContribuinte(natural.cnae, natural.porte, empresa) === tipo ? natural : g.ajustar(natural, tipo);
    const { porte, cnae: cnaePrincipal, natureza } = perfil;
    const pf = natureza === NATUREZA.PRODUTOR_RURAL_PF;
    const mei = porte === PORTE_MEI;
    // Simples is the CNPJ's: ME/EPP may opt, an MEI always does, S.A./cooperatives never (DEMAIS), nor an individual.
    const simples = mei || ((porte === 1 || porte === 2) && rng() < 0.7);
    // Kept only for an EPP, the one porte that can exceed it (LC 123 art. 3 I, 13-A, 19).
    const sorteioSublimite = simples && !mei ? rng() < 0.05 : null;
    const sublimite = porte === PORTE.EPP ? sorteioSublimite : null;
    const matrizNp = ++numeroPessoa;
    let razaoMatriz = '';
    if (pf) {
      // A produtor rural pessoa física: his CPF, his name, nature 412-0, no QSA (he answers for himself).
      const nome = g.personName();
      b.pessoa.add(matrizNp, 'F', g.cpf(matrizNp - 1), null, nome, null, g.email(nome), natureza);
      g.companyContacts(b, matrizNp);
    } else {
      const { socios, responsavel } = g.qsa(natureza, inicio, perfil.exEireli);
      const titular = natureza === NATUREZA.EMPRESARIO ? g.nomes[responsavel[0] - 1]! : null;
      const cpfTitular = mei ? g.cpf(responsavel[0] - 1) : undefined;
      const nomeDe = () => g.companyName(natureza, cnaePrincipal, socios.map((x) => x[0]), titular, cpfTitular);
      const razao = nomeDe();
      razaoMatriz = razao;
      b.pessoa.add(matrizNp, 'J', g.cnpj(root, 1), null, razao, g.fantasyName(cnaePrincipal), g.email(razao), natureza);
      // A tax substitute is established in another State and registered in Alagoas as such.
      g.companyContacts(b, matrizNp, tipo === TIPO.SUBSTITUTO ? outraUfDe(contribuinteId + 1) : undefined);
      for (const [np, q, pct, inclusao] of socios) b.socio.add(matrizNp, np, q, pct, inclusao);
      b.responsavel.add(matrizNp, responsavel[0], responsavel[1]);
      // Lei 14.195/2021 art. 41: the EIRELI became a limitada the day the law came into force; the history keeps its old name.
      if (perfil.exEireli) b.histRazao.add(matrizNp, razao.replace(/ LTDA$/, ' EIRELI'), EIRELI_FIM);
      else if (rng() < 0.05) {
        const antigo = nomeDe();
        if (antigo !== razao) b.histRazao.add(matrizNp, antigo, g.dateBetween(inicio, '2026-11-01'));
      }
    }

    const registrations: { np: number; matriz: boolean; old?: boolean; dup?: boolean }[] = [{ np: matrizNp, matriz: true }];
    if (!mei && !pf && rng() < 0.12) {
      const branches = 1 + g.int(3);
      for (let f = 0; f < branches; f++) {
        const np = ++numeroPessoa;
        // The legal nature is the legal entity's: the branch shows its head office's.
        b.pessoa.add(np, 'J', g.cnpj(root, f + 2), matrizNp, razaoMatriz, g.fantasyName(cnaePrincipal), null, natureza);
        g.companyContacts(b, np);
        registrations.push({ np, matriz: false });
      }
    }
    // Some older companies had an earlier CACEAL, now closed; a few got a second one by mistake, voided.
    if (!alnum && rng() < 0.03) registrations.push({ np: matrizNp, matriz: true, old: true });
    if (rng() < 0.004) registrations.push({ np: matrizNp, matriz: true, dup: true });
    // The type's numbers left may cut the company's registrations (the head office always fits).
    registrations.length = Math.min(registrations.length, cotas.espaco(tipo));

    let pjPessoa = 'ATIVA';
    for (const r of registrations) {
      if (contribuinteId >= opt.taxpayers) break;
      const id = ++contribuinteId;
      const caceal = cacealDoTipo(tipo, embaralhar(cotas.proximo(tipo)));
      const start = r.old ? g.dateBetween('1990-01-01', inicio) : r.dup ? g.dateBetween(inicio, [somarDias(inicio, 20), HOJE].sort()[0]!) : inicio;
      let situacao: number = r.old ? SITUACAO.BAIXADO : r.dup ? SITUACAO.NULO : g.pick(D.SITUACAO_PESO);
      // An individual is never in the Simples: no (des)enquadramento.
      if (pf && (situacao === SITUACAO.ENQUADRAMENTO || situacao === SITUACAO.DESENQUADRAMENTO)) situacao = SITUACAO.ATIVO;
      let motivo = motivoDe(situacao, mei, simples, natureza, porte ?? 0, g.int(2));
      if (motivo === 101) situacao = SITUACAO.ATIVO;
      if (r.dup) motivo = 501; // em duplicidade: the head office registration above is the one that stays
      let dataSituacao = situacao === SITUACAO.ATIVO ? start : g.dateBetween(start, r.old ? inicio : HOJE);
      // An individual has no CNPJ, so no Receita status of one.
      let pj: string | null = pf ? null : situacao === SITUACAO.ATIVO ? (rng() < 0.02 ? 'INAPTA' : 'ATIVA') : situacao === SITUACAO.BAIXADO ? 'BAIXADA' : situacao === SITUACAO.INAPTO ? 'INAPTA' : 'ATIVA';
      // One CNPJ, one Receita status: an old or voided CACEAL of the head office's CNPJ shows the current one's.
      if (r.matriz && !r.old && !r.dup) pjPessoa = pj ?? pjPessoa;
      else if (r.matriz && pj !== null) pj = pjPessoa;
      // One in four earlier CACEALs was never closed: the same CNPJ has two live registrations, the
      // anomaly the "múltiplos CACEAL vivos" report exists to find.
      if (r.old && id % 4 === 0) [situacao, motivo, dataSituacao] = [SITUACAO.ATIVO, 101, start];
      // A reactivation is only believable after a suspension: both go into the history below.
      const reativacao = situacao === SITUACAO.ATIVO && motivo === 102 ? reativacaoDe(start, id) : null;
      if (situacao === SITUACAO.ATIVO && motivo === 102) {
        if (reativacao) dataSituacao = reativacao[1];
        else motivo = 101;
      }
      const nfe = !mei && rng() < 0.8;
      // EFD ICMS/IPI (Ajuste SINIEF 2/2009, cl. 3ª): every ICMS taxpayer but the Simples optants, who
      // keep it when their ICMS is due outside the Simples (sublimite exceeded).
      const sped = !simples || sublimite === true;
      b.contribuinte.add(
        id, caceal, cacealCheckDigit(String(caceal)), r.np, r.matriz ? 'M' : 'F', tipo, porte, mei, simples,
        sublimite, capitalDe(perfil, inicio, () => g.capital(porte!)), start, situacao,
        motivo, dataSituacao, pj, nfe, nfe ? start : null, nfe, nfe ? start : null, sped,
      );
      b.formaAtuacao.add(id, 1);
      if (rng() < 0.15) b.formaAtuacao.add(id, 2);
      // A street vendor works from mobile stalls or door to door (Receita's forma de atuação 5).
      if (tipo === TIPO.AMBULANTE) b.formaAtuacao.add(id, 5);
      b.tipoUnidade.add(id, 1);
      // "De interesse" by what the activity is, from the one reference table (packages/domain). An MEI's
      // activities all come from Anexo XI (CGSN 140/2018); a farmer's and a 224-0's from the land (CC art. 982).
      b.atividade.add(id, cnaePrincipal, true, atividadeDeInteresseIcms(cnaePrincipal));
      const daTerra = pf || natureza === NATUREZA.SOCIEDADE_SIMPLES_LTDA;
      const secundarias = g.secondaryCnaes(cnaePrincipal, mei, daTerra);
      for (const c of secundarias) b.atividade.add(id, c, false, atividadeDeInteresseIcms(c));
      const servico = id % 12 === 0 && !mei && !daTerra ? g.cnaeServico(id) : null;
      if (servico && servico !== cnaePrincipal && !secundarias.includes(servico)) b.atividade.add(id, servico, false, atividadeDeInteresseIcms(servico));
      // The history ends with the current status and reason (the detail screens show both).
      b.histSituacao.add(id, 1, 101, start);
      if (reativacao) {
        b.histSituacao.add(id, SITUACAO.SUSPENSO, 201, reativacao[0]);
        b.histSituacao.add(id, SITUACAO.ATIVO, 102, reativacao[1]);
      } else if (situacao !== SITUACAO.ATIVO || motivo !== 101) b.histSituacao.add(id, situacao, motivo, dataSituacao);
      if (!mei && rng() < (pf ? 0.5 : 0.85)) b.contribuinteContador.add(id, g.accountant(situacao === SITUACAO.ATIVO), start);
    }
    if (empresa % CEDER === 0) await ceder();
    if (contribuinteId - sinceFlush >= chunk) {
      sinceFlush = contribuinteId;
      await flushAll();
      opt.onProgress?.(contribuinteId, opt.taxpayers);
    }
  }
  await flushAll();
  await Promise.all(pending);
  opt.onProgress?.(contribuinteId, opt.taxpayers);
  return { rows: Object.fromEntries(order.map((t) => [t.table, t.count])) };
}

/** The capital: none for a MEI or an individual; an ex-EIRELI's at least 100 minimum wages of its start year (CC art. 980-A). */
function capitalDe(p: Perfil, inicio: string, sorteio: () => string): string | null {
  if (p.porte === PORTE_MEI || p.natureza === NATUREZA.PRODUTOR_RURAL_PF) return null;
  const c = sorteio();
  return p.exEireli ? Math.max(Number(c), capitalMinimoEireli(inicio)).toFixed(2) : c;
}

/**
 * The reason of a drawn status, consistent with the Simples/MEI flags: ENQUADRAMENTO como MEI only for
 * an MEI, no Simples for an ME/EPP outside it; DESENQUADRAMENTO do Simples only outside it, como MEI
 * only for a former MEI (an ME empresário individual). 101: the status does not fit, ATIVO instead.
 * NULO is 502 (concedida indevidamente): 501 (duplicidade) is for the duplicates drawn as such.
 */
function motivoDe(situacao: number, mei: boolean, simples: boolean, natureza: number, porte: number, sorte: number): number {
  switch (situacao) {
    case SITUACAO.ENQUADRAMENTO:
      return mei ? 702 : simples ? 701 : 101;
    case SITUACAO.DESENQUADRAMENTO:
      if (mei) return 101;
      if (!simples) return 801;
      return natureza === NATUREZA.EMPRESARIO && porte === 1 ? 802 : 101;
    case SITUACAO.NULO:
      return 502;
    default:
      return situacao * 100 + 1 + sorte;
  }
}

/** The largest registry this seed generates in the published shares (`npm run seed -- --taxpayers max`). */
export function maiorRegistroDaSemente(seed: number): number {
  const faker = new Faker({ locale: [pt_BR, base] });
  faker.seed(seed);
  return maiorRegistroFiel(tiposNaturais(new Gen(seededRng(seed), faker, 1000, seed), seed));
}

/** The natural shares of the taxpayer types, from a sample drawn on a PRNG of its own. */
function tiposNaturais(g: Gen, seed: number): Map<number, number> {
  const rng = g.rng;
  g.rng = seededRng(seed ^ 0x5eed);
  const n = 20_000;
  const conta = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const p = g.perfil(g.startDate());
    const t = tipoContribuinte(p.cnae, p.porte, i);
    conta.set(t, (conta.get(t) ?? 0) + 1);
  }
  g.rng = rng;
  return new Map([...conta].map(([t, c]) => [t, c / n]));
}

/**
 * A suspension and the reactivation after it, between the start and the generator's "today", from the
 * key alone (days as UTC arithmetic on 'yyyy-MM-dd'); null when the registration is too recent.
 */
function reativacaoDe(start: string, id: number): [string, string] | null {
  const a = somarDias(start, 30 + (id % 300));
  const b = somarDias(a, 15 + (id % 120));
  return b > HOJE ? null : [a, b];
}
