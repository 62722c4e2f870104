import { NATUREZA } from './dados.js';

/**
 * How people name a business, by CNAE division: the word on the façade and the invoice ("MERCADINHO",
 * "DISTRIBUIDORA DE BEBIDAS"), never the CNAE's description. Unlisted divisions take their section's word.
 */
const RAMO_POR_DIVISAO: Record<number, string[]> = {
  1: ['AGROPECUÁRIA', 'FAZENDA', 'SÍTIO'], 2: ['FLORESTAL'], 3: ['PESCADOS', 'AQUICULTURA'],
  10: ['ALIMENTOS', 'LATICÍNIOS', 'PANIFICADORA'], 11: ['BEBIDAS'], 13: ['TÊXTIL'], 14: ['CONFECÇÕES', 'MODAS'], 15: ['CALÇADOS'],
  16: ['MADEIREIRA'], 20: ['QUÍMICA'], 22: ['PLÁSTICOS'], 23: ['CERÂMICA', 'PRÉ-MOLDADOS'], 25: ['METALÚRGICA', 'SERRALHERIA'],
  31: ['MÓVEIS'], 33: ['MANUTENÇÃO E SERVIÇOS'], 43: ['CONSTRUÇÕES E SERVIÇOS', 'INSTALAÇÕES'], 35: ['ENERGIA'], 45: ['AUTO PEÇAS', 'VEÍCULOS', 'MOTOS', 'COMÉRCIO DE PEÇAS'], 46: ['DISTRIBUIDORA', 'ATACADO', 'ATACADÃO', 'COMÉRCIO E DISTRIBUIÇÃO'],
  47: ['MERCADINHO', 'SUPERMERCADO', 'MAGAZINE', 'FARMÁCIA', 'MATERIAL DE CONSTRUÇÃO', 'PAPELARIA', 'ÓTICA', 'COMÉRCIO', 'COMÉRCIO E SERVIÇOS'],
  49: ['TRANSPORTES'], 50: ['NAVEGAÇÃO'], 51: ['TÁXI AÉREO'], 56: ['RESTAURANTE', 'LANCHONETE', 'BAR E RESTAURANTE'],
  61: ['TELECOM'], 69: ['CONTABILIDADE', 'ADVOCACIA'], 71: ['ENGENHARIA'], 86: ['CLÍNICA'], 85: ['ESCOLA'],
};
/** The section's word, by the first division of each section (CNAE 2.3). */
const RAMO_POR_SECAO: [number, string][] = [
  [1, 'AGROPECUÁRIA'], [5, 'MINERAÇÃO'], [10, 'INDÚSTRIA'], [35, 'ENERGIA'], [36, 'SANEAMENTO'], [41, 'CONSTRUTORA'],
  [45, 'COMERCIAL'], [49, 'TRANSPORTES'], [55, 'HOTEL'], [58, 'COMUNICAÇÃO'], [64, 'FINANCEIRA'], [68, 'IMÓVEIS'],
  [69, 'SERVIÇOS'], [84, 'SERVIÇOS'],
];
/** Words that make a denominação its own (places and images of Alagoas). */
const MARCAS = [
  'ALAGOANA', 'NORDESTE', 'CAETÉS', 'MUNDAÚ', 'MANGUABA', 'PAJUÇARA', 'BOA VISTA', 'SÃO FRANCISCO', 'SANTA LUZIA', 'PALMARES',
  'ATLÂNTICO', 'SERTANEJA', 'AGRESTE', 'ESTRELA', 'PRIMAVERA', 'TRIUNFO', 'PONTA VERDE', 'JARAGUÁ', 'SOL NASCENTE', 'BOM JESUS',
];
/** Cooperatives say whose they are and where. */
const COOPERADOS_RURAIS = ['DOS PRODUTORES RURAIS', 'DOS AGRICULTORES FAMILIARES', 'DOS CANAVIEIROS', 'DOS PRODUTORES DE LEITE'];
const COOPERADOS = ['DOS TRANSPORTADORES', 'DE CONSUMO', 'DOS PESCADORES', 'DOS ARTESÃOS'];
const LUGARES = ['ALAGOAS', 'ARAPIRACA', 'MACEIÓ', 'PALMEIRA DOS ÍNDIOS', 'PENEDO', 'DELMIRO GOUVEIA', 'SANTANA DO IPANEMA', 'CORURIPE', 'BATALHA'];

const divisao = (cnae: string) => Number(cnae.slice(0, 2));
/** The business's word for an activity. */
export function ramo(cnae: string, sorte: number): string {
  const d = divisao(cnae);
  const lista = RAMO_POR_DIVISAO[d];
  if (lista) return lista[sorte % lista.length]!;
  let palavra = RAMO_POR_SECAO[0]![1];
  for (const [de, p] of RAMO_POR_SECAO) if (d >= de) palavra = p;
  return palavra;
}
/** The surname a partner signs with: the last word of the name. */
export const sobrenome = (nome: string) => nome.slice(nome.lastIndexOf(' ') + 1);
const iniciais = (nome: string) => nome.split(' ').slice(0, -1).map((p) => `${p[0]}.`).join(' ');

/**
 * The nome empresarial (Código Civil art. 1.155–1.160): an empresário individual's firma is his own name
 * (a MEI's, as the Portal do Empreendedor writes it, with the CPF); a limitada's firma is made of its
 * partners' names ("SILVA & MOREIRA LTDA", "SILVA, MOREIRA & CIA LTDA", "E. S. MOREIRA LTDA"), its
 * denominação names the business ("MERCADINHO CAETÉS LTDA", a partner's surname allowed); an S.A. has a
 * denominação; a cooperative names its members and its place. `sorte` picks among the forms.
 */
export function nomeEmpresarial(o: { natureza: number; cnae: string; socios: readonly string[]; titular: string | null; cpfTitular?: string; sorte: () => number }): string {
  const r = o.sorte;
  const palavra = ramo(o.cnae, Math.floor(r() * 1000));
  if (o.natureza === NATUREZA.EMPRESARIO) return o.cpfTitular ? `${o.titular} ${o.cpfTitular}` : `${o.titular} ${palavra}`;
  if (o.natureza === NATUREZA.COOPERATIVA) {
    const quem = divisao(o.cnae) <= 3 ? COOPERADOS_RURAIS : COOPERADOS;
    return `COOPERATIVA ${quem[Math.floor(r() * quem.length)]} DE ${LUGARES[Math.floor(r() * LUGARES.length)]}`;
  }
  const sufixo = o.natureza === NATUREZA.SA_FECHADA ? 'S.A.' : 'LTDA';
  const marca = MARCAS[Math.floor(r() * MARCAS.length)]!;
  const firma = o.natureza !== NATUREZA.SA_FECHADA && o.socios.length > 0 && r() < 0.4;
  const proprio = o.socios.length && r() < 0.3 ? sobrenome(o.socios[0]!) : marca;
  // "CAETÉS COMÉRCIO E SERVIÇOS LTDA", but "MERCADINHO CAETÉS LTDA": the generic words come after the name.
  if (!firma) return /^(COMÉRCIO|SERVIÇOS|MANUTENÇÃO|CONSTRUÇÕES|INSTALAÇÕES)/.test(palavra) ? `${proprio} ${palavra} ${sufixo}` : `${palavra} ${proprio} ${sufixo}`;
  const nomes = [...new Set(o.socios.map(sobrenome))];
  if (nomes.length === 1) return `${iniciais(o.socios[0]!)} ${nomes[0]} LTDA`;
  if (nomes.length === 2) return `${nomes[0]} & ${nomes[1]} LTDA`;
  return `${nomes[0]}, ${nomes[1]} & CIA LTDA`;
}
