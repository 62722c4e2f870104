import type { Faker } from '@faker-js/faker';
import * as bu from '@brazilian-utils/brazilian-utils';
import { atividadeDeInteresseIcms, CNAES_MEI, cnpjCheckDigits, cpfCheckDigits, dentroDaVigenciaEireli, type Rng } from '@cadastro/domain';
import { cnaes } from '../referencia/oficiais.js';
import { FAIXAS_CEP } from '../referencia/faixas-cep.js';
import { PORTE_MEI } from '../referencia/tabelas.js';
import type { CopyBuffer } from './tsv.js';
import * as D from './dados.js';
import { NATUREZA, QUALIFICACAO as Q } from './dados.js';
import { ehMicro, TIPO } from './tipos.js';
import { buscar, carteiras, contadorApto, EX_EIRELI, NATUREZA_NAO_MEI, PORTE_NAO_MEI, PRODUTOR_PF, PUBLICADO, quantosContadores, RURAL_SOCIEDADE_SIMPLES } from './mix.js';
import { nomeEmpresarial } from './nomes.js';

const FAIXA = new Map(FAIXAS_CEP.map(([ibge, inicio, fim]) => [ibge, [inicio, fim] as const]));
/** Telephone area codes of Alagoas (ANATEL, as @brazilian-utils carries them): 82. */
export const DDD_AL = String(bu.getAreaCodesByState('AL')[0]);

/** Where a tax substitute (type 5) has its head office: a neighbouring capital (IBGE code, its CEP range, its DDD). */
export interface OutraUf { uf: string; municipio: number; cepInicio: number; cepFaixa: number; ddd: string }
const OUTRAS_UF: readonly OutraUf[] = ([['PE', 2611606, '81'], ['SE', 2800308, '79'], ['BA', 2927408, '71'], ['SP', 3550308, '11']] as const).map(([uf, municipio, ddd]) => {
  const [inicio, fim] = FAIXA.get(municipio)!;
  return { uf, municipio, cepInicio: inicio, cepFaixa: fim - inicio + 1, ddd };
});
/** The capital of the substitute whose head office registration is `contribuinteId` (arithmetic on keys). */
export const outraUfDe = (contribuinteId: number): OutraUf => OUTRAS_UF[contribuinteId % 4]!;
const dia = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const somarDias = (d: string, n: number) => iso(Date.parse(d) + n * dia);

/**
 * The registration's profile before its names: what the legal nature and the type decide. An individual's
 * (produtor rural pessoa física) is of nature 412-0 and has no porte (LC 123 is for companies); `exEireli`: a
 * limitada that was an EIRELI until Lei 14.195/2021 art. 41 made it one.
 */
export interface Perfil { porte: number | null; cnae: string; natureza: number; exEireli?: boolean }

/**
 * All the random choices, derived from the seeded PRNG and from counters. The people form disjoint
 * pools (numero_pessoa order): SEFAZ staff, accountants, titulars of individual firms (each once while
 * the pool lasts), partners and officers. So an accountant is never a partner, and a titular is no
 * partner elsewhere.
 */
export class Gen {
  readonly individuals: number;
  readonly accountants: number;
  private readonly titulares: number;
  private proximoTitular = 0;
  /** Names of the individuals, by index: an individual firm is named after its titular. */
  readonly nomes: string[] = [];
  private readonly cnaeList: string[];
  private readonly cnaeComuns: string[];
  private readonly cnaeServicos: string[];
  private readonly cnaeTipo: Record<number, string[]>;
  /** A MEI's activities come only from Anexo XI (CGSN 140/2018): by type as cnaeTipo, MICROEMPRESA for the rest. */
  private readonly cnaeMeiTipo: Record<number, string[]>;
  private readonly municipioPeso: [number, number][];
  /** The MEI occupations of interest to the ICMS registry (a MEI of services only is not registered). */
  private readonly cnaeMei: string[];
  /** Cumulative weights of the accountants' portfolios (mix.ts). */
  private readonly carteira: Float64Array;

  constructor(
    public rng: Rng,
    private readonly faker: Faker,
    taxpayers: number,
    seed: number,
  ) {
    this.accountants = quantosContadores(taxpayers);
    this.carteira = carteiras(this.accountants, seed);
    this.titulares = Math.max(20, Math.round(taxpayers * 0.35));
    this.individuals = D.SERVIDORES + this.accountants + this.titulares + Math.max(40, Math.round(taxpayers * 0.3));
    this.cnaeList = cnaes().map((c) => c.id);
    this.cnaeComuns = this.cnaeList.filter((c) => D.CNAE_PREFIXOS_COMUNS.some((p) => c.startsWith(p)));
    this.cnaeServicos = this.cnaeList.filter((c) => D.CNAE_PREFIXOS_SERVICOS.some((p) => c.startsWith(p)));
    const div = (c: string) => Number(c.slice(0, 2));
    this.cnaeTipo = {
      [TIPO.PRODUTOR_RURAL]: this.cnaeList.filter((c) => div(c) <= 3),
      [TIPO.SUBSTITUTO]: this.cnaeList.filter((c) => (div(c) >= 10 && div(c) <= 33) || div(c) === 46),
      [TIPO.AMBULANTE]: this.cnaeList.filter((c) => div(c) === 47),
    };
    this.cnaeMei = CNAES_MEI.filter(atividadeDeInteresseIcms);
    this.cnaeMeiTipo = {
      [TIPO.PRODUTOR_RURAL]: this.cnaeMei.filter((c) => div(c) <= 3),
      [TIPO.AMBULANTE]: this.cnaeMei.filter((c) => div(c) === 47),
      [TIPO.MICROEMPRESA]: this.cnaeMei.filter((c) => div(c) > 3),
    };
    const municipios = bu.getMunicipalities('AL').map((m) => ({ id: Number(m.code), nome: m.name }));
    const listed = D.MUNICIPIOS_PESO.map(([nome, w]) => [municipios.find((m) => m.nome === nome)!.id, w] as [number, number]);
    const rest = (1 - listed.reduce((s, [, w]) => s + w, 0)) / (municipios.length - listed.length);
    this.municipioPeso = municipios.map((m) => [m.id, listed.find(([id]) => id === m.id)?.[1] ?? rest]);
    for (const [id] of this.municipioPeso) if (!FAIXA.has(id)) throw new Error(`sem faixa de CEP: município ${id}`);
  }

  pick<T>(weighted: [T, number][]): T {
    let r = this.rng();
    for (const [v, w] of weighted) if ((r -= w) < 0) return v;
    return weighted[weighted.length - 1]![0];
  }
  int = (n: number) => Math.floor(this.rng() * n);
  digits(n: number) {
    let s = '';
    for (let i = 0; i < n; i++) s += this.int(10);
    return s;
  }
  /** Skewed choice: low indices much more often (a few partners/accountants serve many companies). */
  private skewed(n: number) {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.rng(), 2.2)));
  }

  /** A bijection of 0..999,999,999 far from the well-known dummies (123.456.789-09 sits at index ~95 million). */
  cpf(i: number) {
    const nine = String((i * 387_420_489 + 271_828_182) % 1_000_000_000).padStart(9, '0');
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
  /** The nome empresarial (nomes.ts): partners' names for a firma, the business for a denominação. */
  companyName(natureza: number, cnae: string, socios: readonly number[], titular: string | null, cpfTitular?: string) {
    return nomeEmpresarial({ natureza, cnae, socios: socios.map((np) => this.nomes[np - 1]!), titular, cpfTitular, sorte: this.rng });
  }
  /** A trade name from the activity ("MERCADINHO SARAIVA", "RESTAURANTE LIMA"). */
  fantasyName(cnae: string) {
    if (this.rng() < 0.3) return null;
    const nome = D.FANTASIA_POR_DIVISAO[cnae.slice(0, 2)] ?? 'COMERCIAL';
    return `${nome} ${this.faker.person.lastName()}`.toUpperCase();
  }
  email(name: string) {
    if (this.rng() < 0.3) return null;
    const slug = name.normalize('NFD').replace(/[^A-Za-z ]/g, '').trim().split(/\s+/).slice(0, 2).join('.').toLowerCase();
    return `${slug || 'contato'}${this.int(1000)}@exemplo.com.br`;
  }

  /**
   * Who registers, in the published shares (mix.ts): a rural producer with his CPF; a MEI (always an
   * empresário individual, 213-5, with an Anexo XI occupation); else the Junta's legal natures and portes
   * (an S.A. or a cooperative is DEMAIS: LC 123, art. 3, § 4). A limitada started while the EIRELI existed
   * may have been one; a rural one may be a Sociedade Simples Limitada (CC art. 984), never another.
   */
  perfil(inicio: string): Perfil {
    if (this.rng() < PRODUTOR_PF) return { porte: null, cnae: this.cnaeRural(), natureza: NATUREZA.PRODUTOR_RURAL_PF };
    if (this.rng() < PUBLICADO.porte[PORTE_MEI]!) return { porte: PORTE_MEI, cnae: this.cnaePrincipal(true), natureza: NATUREZA.EMPRESARIO };
    let natureza = this.pick(NATUREZA_NAO_MEI);
    const porte = natureza === NATUREZA.SA_FECHADA || natureza === NATUREZA.COOPERATIVA ? 4 : this.pick(PORTE_NAO_MEI);
    const cnae = this.cnaePrincipal();
    const exEireli = natureza === NATUREZA.LTDA && dentroDaVigenciaEireli(inicio) && this.rng() < EX_EIRELI;
    if (natureza === NATUREZA.LTDA && !exEireli && Number(cnae.slice(0, 2)) <= 3 && this.rng() < RURAL_SOCIEDADE_SIMPLES) natureza = NATUREZA.SOCIEDADE_SIMPLES_LTDA;
    return { porte, cnae, natureza, exEireli };
  }
  /** Fits a profile to a type the numbering space chose for it (activity and size as tipoContribuinte reads them). */
  ajustar(p: Perfil, tipo: number): Perfil {
    let { porte, cnae, natureza } = p;
    // An individual registers only as a rural producer: moved elsewhere, he is an empresário individual.
    if (natureza === NATUREZA.PRODUTOR_RURAL_PF && tipo !== TIPO.PRODUTOR_RURAL) [natureza, porte] = [NATUREZA.EMPRESARIO, 1];
    // An MEI stays one in a micro type or as a rural producer (then its activity is drawn from Anexo XI).
    const mei = porte === PORTE_MEI && tipo !== TIPO.NORMAL && tipo !== TIPO.SUBSTITUTO;
    const lista = (mei ? this.cnaeMeiTipo : this.cnaeTipo)[tipo];
    if (lista && tipo !== TIPO.MICROEMPRESA) cnae = lista[this.int(lista.length)]!;
    else if (Number(cnae.slice(0, 2)) <= 3) {
      const micro = mei ? this.cnaeMeiTipo[TIPO.MICROEMPRESA]! : this.cnaeComuns;
      cnae = micro[this.int(micro.length)]!;
    }
    const micro = tipo === TIPO.MICROEMPRESA || tipo === TIPO.AMBULANTE;
    if (micro && (porte === null || !ehMicro(porte))) {
      porte = 1;
      if (natureza === NATUREZA.SA_FECHADA || natureza === NATUREZA.COOPERATIVA) natureza = NATUREZA.LTDA;
    }
    if ((tipo === TIPO.NORMAL || tipo === TIPO.SUBSTITUTO) && porte !== null && ehMicro(porte)) porte = natureza === NATUREZA.EMPRESARIO || this.rng() < 0.5 ? 2 : 4;
    // CC art. 982: off the land, a Sociedade Simples Limitada would be a sociedade empresária.
    if (natureza === NATUREZA.SOCIEDADE_SIMPLES_LTDA && Number(cnae.slice(0, 2)) > 3) natureza = NATUREZA.LTDA;
    return { porte, cnae, natureza, exEireli: p.exEireli && natureza === NATUREZA.LTDA };
  }
  /** A rural producer's activity (CNAE section A). */
  cnaeRural() {
    const l = this.cnaeTipo[TIPO.PRODUTOR_RURAL]!;
    return l[this.int(l.length)]!;
  }
  /** A service activity (ISS, outside ICMS), chosen by the registration's key. */
  cnaeServico(id: number) {
    return this.cnaeServicos[(id * 7) % this.cnaeServicos.length]!;
  }
  /** A principal activity; an MEI's from Anexo XI, of interest to the ICMS registry (what brings it there). */
  cnaePrincipal(mei = false) {
    const list = mei ? this.cnaeMei : this.rng() < 0.75 ? this.cnaeComuns : this.cnaeList;
    return list[this.int(list.length)]!;
  }
  /** Secondary activities: a MEI's from Anexo XI, a rural producer's or a 224-0's from the land, the rest the common ones. */
  secondaryCnaes(principal: string, mei = false, rural = false): string[] {
    const n = this.int(4);
    const out = new Set<string>();
    const list = mei ? CNAES_MEI : rural ? this.cnaeTipo[TIPO.PRODUTOR_RURAL]! : this.cnaeComuns;
    for (let i = 0; i < n; i++) {
      const c = list[this.int(list.length)]!;
      if (c !== principal) out.add(c);
    }
    return [...out];
  }

  /** The next titular of an individual firm or EIRELI (each person once while the pool lasts). */
  titular() {
    return D.SERVIDORES + this.accountants + (this.proximoTitular++ % this.titulares) + 1;
  }
  partner() {
    const inicio = D.SERVIDORES + this.accountants + this.titulares;
    return inicio + this.skewed(this.individuals - inicio) + 1;
  }
  /** An accountant by portfolio weight; an ATIVO registration's is "apto" at the CRC (its neighbour when not). */
  accountant(ativo: boolean) {
    let k = buscar(this.carteira, this.rng());
    if (ativo && !contadorApto(k)) k = k + 1 < this.accountants ? k + 1 : k - 1;
    return D.SERVIDORES + k + 1;
  }
  /** The QSA and the responsible of a company, as the Receita's table of qualifications has them. */
  qsa(natureza: number, inicio: string, exEireli = false) {
    const socios: [np: number, qualificacao: number, percentual: string | null, inclusao: string][] = [];
    if (natureza === NATUREZA.EMPRESARIO || natureza === NATUREZA.EIRELI) {
      return { socios, responsavel: [this.titular(), natureza === NATUREZA.EMPRESARIO ? Q.EMPRESARIO : Q.TITULAR_PF] as const };
    }
    const limitada = natureza === NATUREZA.LTDA || natureza === NATUREZA.SOCIEDADE_SIMPLES_LTDA;
    // A converted EIRELI keeps its one owner, now the sole partner (sociedade limitada unipessoal).
    const n = exEireli ? 1 : limitada ? 1 + this.int(3) : 2 + this.int(3);
    const pessoas = new Set<number>();
    while (pessoas.size < n) pessoas.add(this.partner());
    // Shares in cents that add up to exactly 100.00 (the first partner takes the rounding).
    const pesos = [...pessoas].map(() => 1 + this.int(9));
    const total = pesos.reduce((s, w) => s + w, 0);
    const cents = pesos.map((w) => Math.floor((10_000 * w) / total));
    cents[0]! += 10_000 - cents.reduce((s, c) => s + c, 0);
    const oficiais = [Q.PRESIDENTE, Q.DIRETOR, Q.CONSELHEIRO, Q.DIRETOR, Q.ADMINISTRADOR];
    [...pessoas].forEach((np, k) => {
      const inclusao = k === 0 || this.rng() < 0.8 ? inicio : this.dateBetween(inicio, D.HOJE);
      if (limitada) socios.push([np, k === 0 || this.rng() < 0.3 ? Q.SOCIO_ADMINISTRADOR : Q.SOCIO, (cents[k]! / 100).toFixed(2), inclusao]);
      else socios.push([np, oficiais[k]!, null, inclusao]);
    });
    return { socios, responsavel: [socios[0]![0], limitada ? Q.SOCIO_ADMINISTRADOR : Q.PRESIDENTE] as const };
  }

  startDate() {
    // more recent registrations are more common; a few months of 2026 after July
    const r = Math.pow(this.rng(), 0.6);
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2026, 10, 15);
    return iso(from + r * (to - from));
  }
  dateBetween(from: string, to: string) {
    const a = Date.parse(from);
    const z = Math.max(a, Date.parse(to));
    return iso(a + this.rng() * (z - a));
  }
  capital(porte: number) {
    const max = porte === 1 ? 100_000 : porte === 2 ? 1_000_000 : 10_000_000;
    return (1_000 + this.int(max)).toFixed(2);
  }

  /** An address in Alagoas with a CEP inside its municipality's range. */
  /** The main address; `fora`: in that other State's capital (same draws, so the rest of the data stays put). */
  address(buf: CopyBuffer, np: number, company: boolean, fora?: OutraUf) {
    const municipio = this.pick(this.municipioPeso);
    const [inicio, fim] = FAIXA.get(municipio)!;
    const cep = String(inicio + this.int(fim - inicio + 1)).padStart(8, '0');
    const bairros = municipio === 2704302 ? D.BAIRROS_MACEIO : D.BAIRROS_INTERIOR;
    const tipoLogradouro = 1 + this.int(6);
    const logradouro = this.faker.person.fullName().toUpperCase();
    const numero = this.rng() < 0.1 ? 'S/N' : String(1 + this.int(3000));
    const complemento = this.rng() < 0.3 ? `SALA ${1 + this.int(50)}` : null;
    const bairro = bairros[this.int(bairros.length)]!;
    if (fora) {
      const cepFora = String(fora.cepInicio + ((np * 7919) % fora.cepFaixa)).padStart(8, '0');
      buf.add(np, 1, true, 76, fora.uf, fora.municipio, tipoLogradouro, logradouro, numero, complemento, 'CENTRO', cepFora);
    } else buf.add(np, company ? 1 : 2, true, 76, 'AL', municipio, tipoLogradouro, logradouro, numero, complemento, bairro, cep);
  }
  /** A landline (8 digits, here 3xxx-xxxx) or a mobile (9 digits from 9), with Alagoas' DDD. */
  fixo = () => '3' + this.digits(7);
  celular = () => '9' + this.digits(8);
  /** Address and phones; `fora`: a substitute's head office in another State, its phones with that DDD. */
  companyContacts(b: { endereco: CopyBuffer; telefone: CopyBuffer }, np: number, fora?: OutraUf) {
    this.address(b.endereco, np, true, fora);
    const ddd = fora?.ddd ?? DDD_AL;
    b.telefone.add(np, 2, ddd, this.fixo());
    if (this.rng() < 0.4) b.telefone.add(np, 3, ddd, this.celular());
  }
}
