import { Faker, base, pt_BR } from '@faker-js/faker';
import * as bu from '@brazilian-utils/brazilian-utils';
import { CACEAL_POR_TIPO, cacealCheckDigit, cacealDoTipo, cnpjCheckDigits, cpfCheckDigits, seededRng, TIPOS_CACEAL, type Rng } from '@cadastro/domain';
import type { Database } from '../../db/client.js';
import { cnaes } from '../referencia/oficiais.js';
import { PORTE_MEI, SITUACAO } from '../referencia/tabelas.js';
import { CopyBuffer } from './tsv.js';
import * as D from './dados.js';
import { NATUREZA } from './dados.js';

export interface GeneratorOptions {
  /** Number of CACEAL registrations (contribuinte rows), head offices, branches and old ones included. */
  taxpayers: number;
  seed: number;
  /** Rows per COPY chunk. */
  chunk?: number;
  onProgress?(done: number, total: number): void;
}

export interface GeneratorResult {
  rows: Record<string, number>;
  timings?: { loadMs: number; indexesMs: number; operationalMs: number; analyzeMs: number };
}

// "24" + type digit + 5 digits: 100,000 numbers for each of the 5 types (the whole Alagoas numbering space).
const MAX_CACEAL = TIPOS_CACEAL.length * CACEAL_POR_TIPO;
const ALNUM_FROM = '2026-07-01'; // Receita issues alphanumeric CNPJs for registrations from July 2026

/** Refuses, before anything is written or dropped, more registrations than the CACEAL numbering holds. */
export function checarCapacidade(taxpayers: number) {
  if (taxpayers < 1 || taxpayers > MAX_CACEAL) throw new Error(`taxpayers must be 1..${MAX_CACEAL} (${CACEAL_POR_TIPO} CACEALs per taxpayer type × ${TIPOS_CACEAL.length} types)`);
}

/**
 * Deterministic registry generator: the same seed gives the same data. Everything is derived from
 * counters through bijections (no collisions, no lookups), so it streams at any size.
 */
export async function generateRegistry(db: Database, opt: GeneratorOptions): Promise<GeneratorResult> {
  checarCapacidade(opt.taxpayers);
  const rng = seededRng(opt.seed);
  const faker = new Faker({ locale: [pt_BR, base] });
  faker.seed(opt.seed);
  const g = new Gen(rng, faker, opt.taxpayers);
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
  // Write one chunk while the next is generated (the database works on the other core); tables
  // go in order within a chunk and chunks one after another, so foreign keys always hold.
  let pending: Promise<void> = Promise.resolve();
  const flushAll = async () => {
    const texts = order.map((t) => [t, t.take()] as const);
    await pending;
    pending = (async () => {
      for (const [t, text] of texts) if (text) await db.copyRows(t.table, t.columns, text, { trusted: true });
    })();
  };
  let sinceFlush = 0;

  // 1. Individuals (partners, responsibles, accountants): a pool the companies share.
  for (let i = 0; i < g.individuals; i++) {
    const np = i + 1;
    const name = g.personName();
    b.pessoa.add(np, 'F', g.cpf(i), null, name, null, g.email(name), null);
    g.address(b.endereco, np, false);
    if (rng() < 0.6) b.telefone.add(np, 3, '82', '9' + g.digits(8));
    if (i < g.accountants) {
      b.contador.add(np, 'AL', String(100_000 + ((i * 7_919) % 900_000)), i % 17 === 0 ? 'T' : 'O', Math.floor(rng() * 10), i % 9 === 0 ? 2 : 1, 1, rng() > 0.05);
    }
    if (b.pessoa.count % chunk === 0) await flushAll();
  }
  await flushAll();
  await pending;

  // 2. Companies: head office, sometimes branches and an old CACEAL; one registration at a time.
  let numeroPessoa = g.individuals;
  let contribuinteId = 0;
  let rootSeq = 0;
  // The CACEAL's third digit is the taxpayer type: each type numbers its own registrations.
  const cacealPorTipo = new Map<number, number>();
  while (contribuinteId < opt.taxpayers) {
    const inicio = g.startDate();
    const alnum = inicio >= ALNUM_FROM;
    const empresa = rootSeq;
    const root = g.cnpjRoot(rootSeq++, alnum);
    const porte = g.pick(D.PORTE_PESO);
    const mei = porte === PORTE_MEI;
    const cnaePrincipal = g.cnaePrincipal();
    // The taxpayer type follows the activity and the size (every registration of the company alike).
    const tipo = tipoContribuinte(cnaePrincipal, porte, empresa);
    // The legal nature first: the name's suffix, the partners and the responsible's role follow from it.
    const natureza = mei ? NATUREZA.EMPRESARIO : g.naturezaJuridica(inicio);
    const razao = g.companyName(cnaePrincipal, natureza);
    const matrizNp = ++numeroPessoa;
    b.pessoa.add(matrizNp, 'J', g.cnpj(root, 1), null, razao, g.fantasyName(cnaePrincipal), g.email(razao), natureza);
    g.companyContacts(b, matrizNp);
    // QSA and responsible live on the head office's person; an individual entrepreneur or an EIRELI has
    // a titular (the responsible), no partners.
    const individual = natureza === NATUREZA.EMPRESARIO || natureza === NATUREZA.EIRELI;
    const socios = individual ? [g.partner()] : g.partners();
    if (!individual) socios.forEach((s, k) => b.socio.add(matrizNp, s, k === 0 ? 49 : 22, (100 / socios.length).toFixed(2), inicio));
    b.responsavel.add(matrizNp, socios[0]!, natureza === NATUREZA.EMPRESARIO ? 50 : natureza === NATUREZA.EIRELI ? 65 : 49);
    if (rng() < 0.05) b.histRazao.add(matrizNp, g.companyName(g.cnaePrincipal(), natureza), g.dateBetween(inicio, '2026-11-01'));

    const registrations: { np: number; matriz: boolean; old: boolean }[] = [{ np: matrizNp, matriz: true, old: false }];
    if (!mei && rng() < 0.12) {
      const branches = 1 + Math.floor(rng() * 3);
      for (let f = 0; f < branches; f++) {
        const np = ++numeroPessoa;
        b.pessoa.add(np, 'J', g.cnpj(root, f + 2), matrizNp, razao, g.fantasyName(cnaePrincipal), null, null);
        g.companyContacts(b, np);
        registrations.push({ np, matriz: false, old: false });
      }
    }
    // Some older companies had an earlier CACEAL, now closed.
    if (!alnum && rng() < 0.03) registrations.push({ np: matrizNp, matriz: true, old: true });

    for (const r of registrations) {
      if (contribuinteId >= opt.taxpayers) break;
      const id = ++contribuinteId;
      const k = cacealPorTipo.get(tipo) ?? 0;
      cacealPorTipo.set(tipo, k + 1);
      // Throws (clear message) once a type's 100,000 numbers run out.
      const caceal = cacealDoTipo(tipo, k);
      const start = r.old ? g.dateBetween('1990-01-01', inicio) : inicio;
      let situacao: number = r.old ? SITUACAO.BAIXADO : g.pick(D.SITUACAO_PESO);
      let motivo = situacao * 100 + 1 + Math.floor(rng() * 2);
      let dataSituacao = situacao === SITUACAO.ATIVO ? start : g.dateBetween(start, '2026-11-20');
      const simples = mei || ((porte === 1 || porte === 2) && rng() < 0.7);
      let pj = situacao === SITUACAO.ATIVO ? (rng() < 0.02 ? 'INAPTA' : 'ATIVA') : situacao === SITUACAO.BAIXADO ? 'BAIXADA' : situacao === SITUACAO.INAPTO ? 'INAPTA' : 'ATIVA';
      // One in four earlier CACEALs was never closed: the same CNPJ has two live registrations, the
      // anomaly the "múltiplos CACEAL vivos" report exists to find (decided by the key, not the PRNG,
      // so every other choice of the generator stays as it was).
      if (r.old && id % 4 === 0) [situacao, motivo, dataSituacao, pj] = [SITUACAO.ATIVO, 101, start, 'ATIVA'];
      // A reactivation is only believable after a suspension: both go into the history below.
      const reativacao = situacao === SITUACAO.ATIVO && motivo === 102 ? reativacaoDe(start, id) : null;
      if (situacao === SITUACAO.ATIVO && motivo === 102) {
        if (reativacao) dataSituacao = reativacao[1];
        else motivo = 101;
      }
      const nfe = !mei && rng() < 0.8;
      b.contribuinte.add(
        id, caceal, cacealCheckDigit(String(caceal)), r.np, r.matriz ? 'M' : 'F', tipo, porte, mei, simples,
        simples && !mei ? rng() < 0.05 : null, mei ? null : g.capital(porte), start, situacao,
        motivo, dataSituacao, pj, nfe, nfe ? start : null, nfe, nfe ? start : null, porte === 4,
      );
      b.formaAtuacao.add(id, 1);
      if (rng() < 0.15) b.formaAtuacao.add(id, 2);
      // A street vendor works from mobile stalls or door to door (Receita's forma de atuação 5).
      if (tipo === TIPO.AMBULANTE) b.formaAtuacao.add(id, 5);
      b.tipoUnidade.add(id, 1);
      b.atividade.add(id, cnaePrincipal, true, true);
      // Commerce and industry are of the State's interest (ICMS); a service activity (ISS) is not.
      // The PRNG draw stays so the rest of the data does not move.
      const secundarias = g.secondaryCnaes(cnaePrincipal);
      for (const c of secundarias) {
        rng();
        b.atividade.add(id, c, false, true);
      }
      const servico = id % 12 === 0 && !mei ? g.cnaeServico(id) : null;
      if (servico && servico !== cnaePrincipal && !secundarias.includes(servico)) b.atividade.add(id, servico, false, false);
      // The history ends with the current status and reason (the detail screens show both).
      b.histSituacao.add(id, 1, 101, start);
      if (reativacao) {
        b.histSituacao.add(id, SITUACAO.SUSPENSO, 201, reativacao[0]);
        b.histSituacao.add(id, SITUACAO.ATIVO, 102, reativacao[1]);
      } else if (situacao !== SITUACAO.ATIVO || motivo !== 101) b.histSituacao.add(id, situacao, motivo, dataSituacao);
      if (!mei && rng() < 0.85) b.contribuinteContador.add(id, g.accountant(), start);
    }
    if (contribuinteId - sinceFlush >= chunk) {
      sinceFlush = contribuinteId;
      await flushAll();
      opt.onProgress?.(contribuinteId, opt.taxpayers);
    }
  }
  await flushAll();
  await pending;
  opt.onProgress?.(contribuinteId, opt.taxpayers);
  return { rows: Object.fromEntries(order.map((t) => [t.table, t.count])) };
}

const TIPO = { NORMAL: 0, PRODUTOR_RURAL: 3, SUBSTITUTO: 5, AMBULANTE: 7, MICROEMPRESA: 8 } as const;

/**
 * The taxpayer type (ref_tipo_contribuinte) a clerk would expect of the activity and the size: a rural
 * producer farms, breeds, fishes or plants forests (CNAE section A, divisions 01–03); a tax substitute is
 * a larger industry or wholesaler (divisions 10–33, 46; the operational data puts its head office in
 * another State); a street vendor is a micro retailer (division 47); other micro companies and MEIs are
 * MICROEMPRESA; the rest NORMAL. Which of the eligible companies are substitutes or vendors goes by the
 * company's sequence, not the PRNG, so every other choice of the generator stays as it was.
 */
export function tipoContribuinte(cnae: string, porte: number, empresa: number): number {
  const divisao = Number(cnae.slice(0, 2));
  if (divisao <= 3) return TIPO.PRODUTOR_RURAL;
  const micro = porte === 1 || porte === PORTE_MEI;
  if (!micro && ((divisao >= 10 && divisao <= 33) || divisao === 46) && empresa % 4 === 0) return TIPO.SUBSTITUTO;
  if (micro && divisao === 47 && empresa % 5 === 0) return TIPO.AMBULANTE;
  return micro ? TIPO.MICROEMPRESA : TIPO.NORMAL;
}

/**
 * A suspension and the reactivation after it, between the start and the generator's "today", from the
 * key alone (days as UTC arithmetic on 'yyyy-MM-dd'); null when the registration is too recent.
 */
function reativacaoDe(start: string, id: number): [string, string] | null {
  const dia = 86_400_000;
  const hoje = Date.parse('2026-11-20');
  const a = Date.parse(start) + (30 + (id % 300)) * dia;
  const b = a + (15 + (id % 120)) * dia;
  if (b > hoje) return null;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return [iso(a), iso(b)];
}

/** All the random choices, derived from the seeded PRNG and from counters. */
class Gen {
  readonly individuals: number;
  readonly accountants: number;
  private readonly cnaeList: string[];
  private readonly cnaeComuns: string[];
  private readonly cnaeServicos: string[];
  private readonly municipios: { id: number; nome: string }[];
  private readonly municipioPeso: [number, number][];
  private readonly naturezas = [NATUREZA.LTDA, NATUREZA.LTDA, NATUREZA.LTDA, NATUREZA.EMPRESARIO, NATUREZA.EIRELI, NATUREZA.SOCIEDADE_SIMPLES_LTDA, NATUREZA.SA_FECHADA, NATUREZA.COOPERATIVA];

  constructor(
    private readonly rng: Rng,
    private readonly faker: Faker,
    taxpayers: number,
  ) {
    this.individuals = Math.max(50, Math.round(taxpayers * 0.6));
    this.accountants = Math.max(10, Math.round(taxpayers / 150));
    this.cnaeList = cnaes().map((c) => c.id);
    this.cnaeComuns = this.cnaeList.filter((c) => D.CNAE_PREFIXOS_COMUNS.some((p) => c.startsWith(p)));
    this.cnaeServicos = this.cnaeList.filter((c) => D.CNAE_PREFIXOS_SERVICOS.some((p) => c.startsWith(p)));
    this.municipios = bu.getMunicipalities('AL').map((m) => ({ id: Number(m.code), nome: m.name }));
    const listed = D.MUNICIPIOS_PESO.map(([nome, w]) => [this.municipios.find((m) => m.nome === nome)!.id, w] as [number, number]);
    const rest = (1 - listed.reduce((s, [, w]) => s + w, 0)) / (this.municipios.length - listed.length);
    this.municipioPeso = this.municipios.map((m) => [m.id, listed.find(([id]) => id === m.id)?.[1] ?? rest]);
  }

  pick<T>(weighted: [T, number][]): T {
    let r = this.rng();
    for (const [v, w] of weighted) if ((r -= w) < 0) return v;
    return weighted[weighted.length - 1]![0];
  }
  digits = (n: number) => Array.from({ length: n }, () => Math.floor(this.rng() * 10)).join('');
  /** Skewed choice: low indices much more often (a few partners/accountants serve many companies). */
  private skewed(n: number) {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.rng(), 2.2)));
  }

  cpf(i: number) {
    const nine = String((i * 387_420_489 + 123_456_789) % 1_000_000_000).padStart(9, '0');
    return nine + cpfCheckDigits(nine);
  }
  cnpjRoot(seq: number, alnum: boolean) {
    if (!alnum) return String((seq * 48_271 + 10_203_040) % 100_000_000).padStart(8, '0');
    return 'A' + seq.toString(36).toUpperCase().padStart(7, '0');
  }
  cnpj(root: string, ordem: number) {
    const twelve = root + String(ordem).padStart(4, '0');
    return twelve + cnpjCheckDigits(twelve);
  }
  personName() {
    const f = this.faker;
    return `${f.person.firstName()} ${f.person.lastName()} ${f.person.lastName()}`.toUpperCase();
  }
  /**
   * A name as the Junta Comercial would register it: the activity as a whole phrase (never ending on
   * "DE" or "E"), the suffix of the legal nature (LTDA, S.A., EIRELI; none for an individual
   * entrepreneur, whose name is the person's).
   */
  companyName(cnae: string, natureza: number) {
    const palavras = (bu.getCnae(cnae)?.description ?? 'COMÉRCIO').split(/[,;(-]/)[0]!.trim().toUpperCase().split(/\s+/).slice(0, 5);
    while (palavras.length > 1 && D.CONECTIVOS.includes(palavras[palavras.length - 1]!)) palavras.pop();
    const desc = palavras.join(' ');
    if (natureza === NATUREZA.EMPRESARIO) return `${this.personName()} ${desc}`.slice(0, 150);
    const who = this.rng() < 0.5 ? this.faker.person.lastName().toUpperCase() : `${this.faker.person.lastName()} & ${this.faker.person.lastName()}`.toUpperCase();
    this.faker.helpers.arrayElement(D.SUFIXOS_EMPRESA); // the draw stays: the names after it do not move
    if (natureza === NATUREZA.COOPERATIVA) return `COOPERATIVA ${who} DE ${desc}`.slice(0, 150);
    return `${who} ${desc} ${D.SUFIXO_NATUREZA[natureza] ?? 'LTDA'}`.slice(0, 150);
  }
  /** A trade name from the activity ("MERCADINHO SARAIVA", "RESTAURANTE LIMA"). */
  fantasyName(cnae: string) {
    if (this.rng() < 0.3) return null;
    this.faker.word.adjective(); // the draw stays: the names after it do not move
    const nome = D.FANTASIA_POR_DIVISAO[cnae.slice(0, 2)] ?? 'COMERCIAL';
    return `${nome} ${this.faker.person.lastName()}`.toUpperCase().slice(0, 60);
  }
  email(name: string) {
    if (this.rng() < 0.3) return null;
    const slug = name.normalize('NFD').replace(/[^A-Za-z ]/g, '').trim().split(/\s+/).slice(0, 2).join('.').toLowerCase();
    return `${slug || 'contato'}${Math.floor(this.rng() * 1000)}@exemplo.com.br`.slice(0, 100);
  }
  /** EIRELI was abolished in 2021 (Lei 14.195): later companies of that kind are LTDA (single-partner). */
  naturezaJuridica(inicio: string) {
    const n = this.naturezas[Math.floor(this.rng() * this.naturezas.length)]!;
    return n === NATUREZA.EIRELI && inicio >= '2022-01-01' ? NATUREZA.LTDA : n;
  }
  /** A service activity (ISS, outside ICMS), chosen by the registration's key. */
  cnaeServico(id: number) {
    return this.cnaeServicos[(id * 7) % this.cnaeServicos.length]!;
  }
  cnaePrincipal() {
    const list = this.rng() < 0.75 ? this.cnaeComuns : this.cnaeList;
    return list[Math.floor(this.rng() * list.length)]!;
  }
  secondaryCnaes(principal: string): string[] {
    const n = Math.floor(this.rng() * 4);
    const out = new Set<string>();
    for (let i = 0; i < n; i++) {
      const c = this.cnaeComuns[Math.floor(this.rng() * this.cnaeComuns.length)]!;
      if (c !== principal) out.add(c);
    }
    return [...out];
  }
  partner() {
    return 1 + this.skewed(this.individuals);
  }
  partners() {
    const n = 1 + Math.floor(this.rng() * 3);
    const out = new Set<number>();
    while (out.size < n) out.add(this.partner());
    return [...out];
  }
  accountant() {
    return 1 + this.skewed(this.accountants);
  }
  startDate() {
    // more recent registrations are more common; a few months of 2026 after July
    const r = Math.pow(this.rng(), 0.6);
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2026, 10, 15);
    return new Date(from + r * (to - from)).toISOString().slice(0, 10);
  }
  dateBetween(from: string, to: string) {
    const a = Date.parse(from);
    const z = Math.max(a, Date.parse(to));
    return new Date(a + this.rng() * (z - a)).toISOString().slice(0, 10);
  }
  capital(porte: number) {
    const max = porte === 1 ? 100_000 : porte === 2 ? 1_000_000 : 10_000_000;
    return (1_000 + Math.floor(this.rng() * max)).toFixed(2);
  }

  address(buf: CopyBuffer, np: number, company: boolean) {
    const municipio = this.pick(this.municipioPeso);
    const maceio = municipio === 2704302;
    const cep = maceio ? 57_000_000 + Math.floor(this.rng() * 100_000) : 57_100_000 + Math.floor(this.rng() * 900_000);
    const bairros = maceio ? D.BAIRROS_MACEIO : D.BAIRROS_INTERIOR;
    buf.add(
      np, company ? 1 : 2, true, 76, 'AL', municipio, 1 + Math.floor(this.rng() * 6), this.faker.person.fullName().toUpperCase().slice(0, 150),
      this.rng() < 0.1 ? 'S/N' : String(1 + Math.floor(this.rng() * 3000)), this.rng() < 0.3 ? `SALA ${1 + Math.floor(this.rng() * 50)}` : null,
      bairros[Math.floor(this.rng() * bairros.length)], String(cep),
    );
  }
  companyContacts(b: { endereco: CopyBuffer; telefone: CopyBuffer }, np: number) {
    this.address(b.endereco, np, true);
    b.telefone.add(np, 2, '82', (this.rng() < 0.5 ? '3' : '9') + this.digits(7 + (this.rng() < 0.5 ? 1 : 0)));
    if (this.rng() < 0.4) b.telefone.add(np, 3, '82', '9' + this.digits(8));
  }
}
