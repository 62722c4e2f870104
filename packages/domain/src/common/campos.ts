import { MENSAGENS_REGRAS, type CodigoRegra } from '../regras/mensagens.js';
import { parseValidationCode } from './messages.js';

/**
 * A field refusal in words (issue #39 §9): the field by its name on the screen and, for a format, the
 * form expected — "Capital social: use o formato 50000.00", not "dadosCadastrais.valorCapitalSocial
 * (pattern)". The API writes it as the problem's `detail` in the caller's language (Accept-Language);
 * the SPA words its field errors with the same function.
 */
export type Idioma = 'pt' | 'en';

/** The language of a request: English when its first choice is English, pt-BR otherwise (the registry's own). */
export function idiomaDe(acceptLanguage: string | undefined): Idioma {
  const primeiro = (acceptLanguage ?? '').split(',')[0]!.trim().toLowerCase();
  return primeiro === 'en' || primeiro.startsWith('en-') || primeiro.startsWith('en;') ? 'en' : 'pt';
}

/** Fields a clerk types, by the last segment of their path: the screen's name, and the form the API reads. */
const CAMPOS: Record<string, { pt: string; en: string; formato?: string }> = {
  valorCapitalSocial: { pt: 'Capital social', en: 'Share capital', formato: '50000.00' },
  porteId: { pt: 'Porte', en: 'Company size' },
  percentualParticipacao: { pt: 'Participação (%)', en: 'Share (%)', formato: '33.33' },
  competencia: { pt: 'Competência', en: 'Period', formato: '2024-05' },
  mesCompetenciaInicial: { pt: 'Mês da competência inicial', en: 'Start month' },
  anoCompetenciaInicial: { pt: 'Ano da competência inicial', en: 'Start year' },
  mesCompetenciaFinal: { pt: 'Mês da competência final', en: 'End month' },
  anoCompetenciaFinal: { pt: 'Ano da competência final', en: 'End year' },
  dataInicial: { pt: 'Data inicial', en: 'Start date', formato: '2024-12-31' },
  dataFinal: { pt: 'Data final', en: 'End date', formato: '2024-12-31' },
  dataRegularizacao: { pt: 'Data de regularização', en: 'Regularization date', formato: '2024-12-31' },
  dataCancelamento: { pt: 'Data de cancelamento', en: 'Cancellation date', formato: '2024-12-31' },
  dataInicioAtividade: { pt: 'Início das atividades', en: 'Start of activities', formato: '2024-12-31' },
  dataInclusao: { pt: 'Data de inclusão', en: 'Inclusion date', formato: '2024-12-31' },
  descricao: { pt: 'Descrição', en: 'Description' },
  email: { pt: 'E-mail', en: 'E-mail' },
  cep: { pt: 'CEP', en: 'CEP (postcode)', formato: '57000000' },
  ddd: { pt: 'DDD', en: 'Area code', formato: '82' },
  numeroTelefone: { pt: 'Número do telefone', en: 'Phone number', formato: '32151234' },
  caceal: { pt: 'CACEAL', en: 'CACEAL', formato: '24000001' },
  numeroCaceal: { pt: 'CACEAL', en: 'CACEAL', formato: '24000001' },
  cnpj: { pt: 'CNPJ', en: 'CNPJ', formato: '11222333000181' },
  cpf: { pt: 'CPF', en: 'CPF', formato: '52998224725' },
  nomeFantasia: { pt: 'Nome fantasia', en: 'Trade name' },
  razaoSocial: { pt: 'Razão social', en: 'Company name' },
  login: { pt: 'Login', en: 'Login' },
  newPassword: { pt: 'Nova senha', en: 'New password' },
  password: { pt: 'Senha', en: 'Password' },
};

/** Words of the codes the contracts use, with the value after the colon as {{n}}. */
const CODIGOS: Record<string, { pt: string; en: string }> = {
  required: { pt: 'campo obrigatório', en: 'required' },
  maxlength: { pt: 'no máximo {{n}} caracteres', en: 'at most {{n}} characters' },
  minlength: { pt: 'pelo menos {{n}} caracteres', en: 'at least {{n}} characters' },
  min: { pt: 'o menor valor aceito é {{n}}', en: 'the smallest value accepted is {{n}}' },
  max: { pt: 'o maior valor aceito é {{n}}', en: 'the largest value accepted is {{n}}' },
  mes: { pt: 'informe um mês de 1 a 12', en: 'enter a month from 1 to 12' },
  ano: { pt: 'informe o ano com 4 dígitos', en: 'enter a four-digit year' },
  periodo: { pt: 'a competência final não pode ser anterior à inicial', en: 'the end of the period cannot be before its start' },
  email: { pt: 'e-mail inválido', en: 'invalid e-mail' },
  caceal: { pt: 'informe um CACEAL de 8 dígitos começando por 24', en: 'enter an 8-digit CACEAL starting with 24' },
  cnpj: { pt: 'CNPJ inválido', en: 'invalid CNPJ' },
  cpf: { pt: 'CPF inválido', en: 'invalid CPF' },
};

/** The field of a refusal of the whole body, path or query string (no field of its own). */
const INTEIRO = new Set(['body', 'params', 'querystring', 'headers']);
/** Not a code (`pattern`, `maxlength:50`) and not one of zod's own English defaults. */
const ehFrase = (m: string) => !/^[A-Za-z]+(:|$)/.test(m) && !/^(Invalid|Too (big|small)|Expected|Unrecognized)\b/.test(m);

const FORMATO = { pt: 'use o formato {{n}}', en: 'use the form {{n}}' };
const INVALIDO = { pt: 'valor inválido', en: 'invalid value' };

/** The screen's name of a field path ('dadosCadastrais.valorCapitalSocial', 'socios.0.cep'), or the path itself. */
export function rotuloCampo(caminho: string, idioma: Idioma): string {
  const ultimo = caminho.split('.').filter((s) => !/^\d+$/.test(s)).pop() ?? caminho;
  return CAMPOS[ultimo]?.[idioma] ?? caminho;
}

/**
 * One field refusal in words: "<field>: <what to do>". A format refusal of a field with a known form
 * says the form; `palavra` is the caller's own word for the code (the SPA's i18n), used before ours.
 */
export function textoCampo(caminho: string, mensagem: string, idioma: Idioma, palavra?: string): string {
  const ultimo = caminho.split('.').filter((s) => !/^\d+$/.test(s)).pop() ?? caminho;
  // A sentence of ours (a contract's own words, e.g. 'CACEAL inválido: 1234') is said as it is.
  if (ehFrase(mensagem)) return INTEIRO.has(caminho) ? mensagem : `${rotuloCampo(caminho, idioma)}: ${mensagem}`;
  const { code, param } = parseValidationCode(mensagem);
  const formato = CAMPOS[ultimo]?.formato;
  const com = (t: string) => t.replace('{{n}}', param ?? '');
  let texto: string;
  if (code === 'pattern' && formato) texto = FORMATO[idioma].replace('{{n}}', formato);
  else if (palavra) texto = palavra;
  else if (CODIGOS[code]) texto = com(CODIGOS[code][idioma]);
  else if (code in MENSAGENS_REGRAS) texto = com(MENSAGENS_REGRAS[code as CodigoRegra][idioma]);
  else texto = formato ? `${INVALIDO[idioma]}; ${FORMATO[idioma].replace('{{n}}', formato)}` : INVALIDO[idioma];
  return `${rotuloCampo(caminho, idioma)}: ${texto}`;
}

/** Whether these words know a code (or the field's form): otherwise the server's own detail says more. */
export function codigoConhecido(caminho: string, mensagem: string): boolean {
  const ultimo = caminho.split('.').filter((s) => !/^\d+$/.test(s)).pop() ?? caminho;
  const { code } = parseValidationCode(mensagem);
  return code in CODIGOS || code in MENSAGENS_REGRAS || (code === 'pattern' && !!CAMPOS[ultimo]?.formato);
}
