import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatCaceal } from '@cadastro/domain';
import en from '../../i18n/en';
import ptBr from '../../i18n/pt-br';
import { diferencaText } from './palavras';

const tIn = async (lng: string) => {
  const i18n = createInstance();
  await i18n.init({ resources: { 'pt-br': { translation: ptBr }, en: { translation: en } }, lng, lowerCaseLng: true, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
};

describe('a manager-system difference in words (issue 32: say what the sync overrides)', () => {
  const base = { campo: 'SITUACAO_CADASTRAL' as const, caceal: 24012345, atual: 'SUSPENSO', novo: 'ATIVO' };
  it('names the notice that set the current status', async () => {
    const t = await tIn('pt-br');
    const origem = { edital: '0007/2026', tipoEdital: 'SUSPENSÃO', data: '2026-03-02', motivo: 'OMISSÃO DE DECLARAÇÕES' };
    expect(diferencaText(t, { ...base, origem })).toBe(
      `Situação cadastral do CACEAL ${formatCaceal(24012345)}: SUSPENSO → ATIVO (situação definida pelo Edital nº 0007/2026 (SUSPENSÃO), efeito em 02/03/2026; a sincronização a substitui)`,
    );
    expect(diferencaText(await tIn('en'), { ...base, origem })).toContain('set by notice no. 0007/2026 (SUSPENSÃO), effective 02/03/2026');
  });
  it('without a notice, the date and reason of the last change; without a history, nothing added', async () => {
    const t = await tIn('pt-br');
    expect(diferencaText(t, { ...base, origem: { edital: null, tipoEdital: null, data: '2025-01-31', motivo: 'A PEDIDO' } })).toMatch(/\(situação atual desde 31\/01\/2025: A PEDIDO\)$/);
    expect(diferencaText(t, { ...base, origem: { edital: null, tipoEdital: null, data: null, motivo: null } })).toMatch(/SUSPENSO → ATIVO$/);
  });
});
