import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Alteracao } from '@cadastro/domain';
import ptBr from '../../../i18n/pt-br';
import { campoTexto, chaveTexto, valorTexto } from './historicoTexto';

const i18n = createInstance();
await i18n.init({ resources: { 'pt-br': { translation: ptBr } }, lng: 'pt-br', lowerCaseLng: true, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);
const alt = (x: Partial<Alteracao>): Alteracao => ({ aba: 'dadosCadastrais', campo: 'email', chave: null, antes: null, depois: null, ...x });
const linha = (a: Alteracao) => `${campoTexto(t, a)}${chaveTexto(t, a)}: ${valorTexto(t, a, a.antes)} → ${valorTexto(t, a, a.depois)}`;

describe('the change history as a clerk reads it (issue 32 item 6: no internal ids, raw CEPs or unaccented codes)', () => {
  it('an address: no row id in its name, the CEP formatted, alone or inside the summary of an added one', () => {
    expect(linha(alt({ campo: 'endereco.cep', chave: '#2751', antes: '57020000', depois: '57035180' }))).toBe('Endereço · CEP: 57020-000 → 57035-180');
    const novo = linha(alt({ campo: 'endereco', chave: 'novo-1', depois: 'COMERCIAL · S · BRASIL · AL · Maceió · RUA · do Sol · 10 · Centro · 57020000' }));
    expect(novo).toBe('Endereço (novo): — → COMERCIAL · Sim · BRASIL · AL · Maceió · RUA · do Sol · 10 · Centro · 57020-000');
    expect(linha(alt({ aba: 'socios', campo: 'socio.endereco.bairro', chave: '12345678909 #88', antes: 'Centro', depois: 'Farol' }))).toBe('Sócio · Endereço · Bairro (123.456.789-09): Centro → Farol');
    expect(novo).not.toMatch(/#\d/);
  });
  it('an activity: CNAE as written, its type in words', () => {
    expect(linha(alt({ aba: 'atividades', campo: 'atividade.tipo', chave: '4711302', antes: 'PRINCIPAL', depois: 'SECUNDARIA' }))).toBe(
      'Atividade · Tipo (4711-3/02): Principal → Secundária',
    );
    expect(linha(alt({ aba: 'atividades', campo: 'atividade', chave: '4711302', depois: 'Comércio varejista · SECUNDARIA' }))).toMatch(/→ Comércio varejista · Secundária$/);
  });
  it('a form of acting is named by its description, not its table id', () => {
    expect(chaveTexto(t, alt({ campo: 'formaAtuacao', chave: '7', depois: 'Estabelecimento fixo' }))).toBe('');
  });
});
