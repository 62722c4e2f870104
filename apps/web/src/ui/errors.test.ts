import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ptBr from '../i18n/pt-br';
import en from '../i18n/en';
import { httpErrorMessage } from './errors';
import { HttpError } from './http';

const i18n = createInstance();
await i18n.init({ resources: { 'pt-br': { translation: ptBr }, en: { translation: en } }, lng: 'pt-br', lowerCaseLng: true, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);
const problem400 = (fieldErrors: { field: string; message: string }[], detail?: string) =>
  new HttpError(400, '/x', { type: 'about:blank', status: 400, title: 'Bad Request', detail, fieldErrors: fieldErrors.map((f) => ({ objectName: 'x', ...f })) }, '', undefined);

describe('the text of a failed call (§8)', () => {
  it('a known rule key is shown in words, with its parameter', () => {
    expect(httpErrorMessage(problem400([{ field: 'dataFinal', message: 'dataFinalAntesDaInicial' }]), t)).toBe(
      'Data final: A data final não pode ser anterior à data inicial.',
    );
    expect(httpErrorMessage(problem400([{ field: 'query', message: 'minlength:3' }]), t)).toContain('pelo menos 3 caracteres');
  });

  it('a rule broken on another registration the change reaches names it first (issue 39 §6)', () => {
    expect(httpErrorMessage(problem400([{ field: 'dadosCadastrais.porteId', message: 'atividadeNaoPermitidaMei:4711-3/02@24.000.001-2' }]), t)).toBe(
      'Porte: Inscrição 24.000.001-2, da mesma raiz de CNPJ, que receberia o novo porte: '
      + 'A atividade 4711-3/02 não é permitida ao MEI: o MEI exerce somente as ocupações do Anexo XI da Resolução CGSN nº 140/2018.',
    );
  });

  it('a refused field is named as on the screen, with the form expected, in the session\'s language (issue #39 §9)', async () => {
    const capital = problem400([{ field: 'dadosCadastrais.valorCapitalSocial', message: 'pattern' }], 'Capital social: use o formato 50000.00');
    expect(httpErrorMessage(capital, t)).toBe('Capital social: use o formato 50000.00');
    // The pendência query's own codes had no words: the server's English detail was shown.
    const periodo = problem400([{ field: 'mesCompetenciaFinal', message: 'periodo' }, { field: 'anoCompetenciaInicial', message: 'ano' }], 'Invalid body: mesCompetenciaFinal (periodo)');
    expect(httpErrorMessage(periodo, t)).toBe('Mês da competência final: a competência final não pode ser anterior à inicial; Ano da competência inicial: informe o ano com 4 dígitos');
    await i18n.changeLanguage('en');
    try {
      expect(httpErrorMessage(capital, t)).toBe('Share capital: use the form 50000.00');
      expect(httpErrorMessage(problem400([{ field: 'mesCompetenciaInicial', message: 'mes' }]), t)).toBe('Start month: enter a month from 1 to 12');
    } finally {
      await i18n.changeLanguage('pt-br');
    }
  });

  it('an unknown key gives way to the server detail, never the bare key', () => {
    const m = httpErrorMessage(problem400([{ field: 'sequencialMotivoPessoa', message: 'transicaoNaoPermitida' }], 'O motivo X não se aplica a CACEAL 24000004 (BAIXADO).'), t);
    expect(m).toBe('O motivo X não se aplica a CACEAL 24000004 (BAIXADO).');
  });

  it('a 401 — session expired or never signed in — asks to sign in, not the server\'s words', () => {
    const expirado = new HttpError(401, '/x', { type: 'about:blank', status: 401, title: 'Unauthorized', detail: 'Full authentication is required to access this resource' }, '', undefined);
    expect(httpErrorMessage(expirado, t)).toBe('Faça login para continuar.');
  });

  it('no server, not found', () => {
    expect(httpErrorMessage(new HttpError(0, '/x', undefined, '', undefined), t)).toBe(ptBr.error.server.not.reachable);
    expect(httpErrorMessage(new HttpError(404, '/x', undefined, '', undefined), t)).toBe(ptBr.error.http['404']);
  });

  it('a statement past its ceiling (#40 §5): the words of the SPA, in pt-BR, not the key', () => {
    const teto = new HttpError(503, '/x', { type: 'about:blank', status: 503, title: 'Service Unavailable', message: 'error.http.tempoEsgotado' }, '', undefined);
    expect(httpErrorMessage(teto, t)).toBe('A consulta demorou mais que o tempo permitido e foi interrompida. Tente novamente ou restrinja os filtros.');
  });
});
