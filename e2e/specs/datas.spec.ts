import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/app';
import { abrirRegistroAtivo } from '../support/sujeitos';

/**
 * #32 item 12: every date field of the SPA takes dd/mm/aaaa the same way — the app's one date field
 * (CampoData): typed with '/', '-' or '.', one-digit day or month, read as the day a Brazilian means,
 * its calendar's controls named; no native <input type="date"> (mm/dd/yyyy in some browsers) anywhere.
 */
async function digitarData(page: Page, campo: Locator, texto: string) {
  await campo.click();
  // The calendar opened by the field is the shared one: its arrows have names (the bare Mantine one's have none).
  // One calendar: the previous field's may still be fading out.
  await expect(page.getByRole('button', { name: 'Período anterior' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Período anterior' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próximo período' })).toBeVisible();
  await campo.fill(texto);
  await campo.press('Tab');
  await expect(campo).toHaveValue('05/03/2026');
}

const semDataNativa = async (page: Page) => expect(page.locator('input[type=date], input[type=datetime-local], input[type=month]')).toHaveCount(0);

test('Infoconv: 05/03/2026 and 5-3-2026 are both 5 March 2026, sent as 2026-03-05', async ({ page }) => {
  await page.goto('/#/consultas-infoconv');
  await signIn(page, 'auditor');
  await expect(page.getByRole('heading', { name: 'Consultas à Receita Federal (Infoconv)' })).toBeVisible();
  await semDataNativa(page);
  await page.getByRole('combobox', { name: 'Sistema' }).click();
  await page.getByRole('option', { name: 'REDESIM' }).click();
  await digitarData(page, page.getByRole('textbox', { name: 'Data inicial' }), '05/03/2026');
  await digitarData(page, page.getByRole('textbox', { name: 'Data final' }), '5-3-2026');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(/dataInicial=2026-03-05&dataFinal=2026-03-05/);
});

test('Auditorias (admin): 5-3-2026 and 05/03/2026 read as 5 March 2026, sent as 2026-03-05', async ({ page }) => {
  await page.goto('/#/audits');
  await signIn(page, 'admin');
  await semDataNativa(page);
  await digitarData(page, page.getByTestId('audits-from'), '5-3-2026');
  await digitarData(page, page.getByTestId('audits-to'), '05/03/2026');
  await page.getByTestId('audits-search').click();
  await expect(page).toHaveURL(/fromDate=2026-03-05&toDate=2026-03-05/);
});

test('Histórico: the period typed as 5.3.2026 and 05/03/2026', async ({ page }) => {
  await page.goto('/#/historico');
  await signIn(page, 'atendente');
  await expect(page.getByRole('heading', { name: 'Histórico', exact: true })).toBeVisible();
  await semDataNativa(page);
  await digitarData(page, page.getByRole('textbox', { name: 'Alterado de' }), '5.3.2026');
  await digitarData(page, page.getByRole('textbox', { name: 'até', exact: true }), '05/03/2026');
});

test('Consulta pública de solicitação (no sign-in): 5-3-2026 is 05/03/2026', async ({ page }) => {
  await page.goto('/#/consulta-publica-solicitacao');
  await expect(page.getByRole('heading', { name: 'Consultar Solicitação' })).toBeVisible();
  await semDataNativa(page);
  await digitarData(page, page.getByRole('textbox', { name: 'Data da solicitação' }), '5-3-2026');
});

test('supertela, Regime Especial dialog: 5-3-2026 is 05/03/2026, and Escape closes the calendar, not the dialog', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  await page.getByRole('tab', { name: 'Regime Especial' }).click();
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Adicionar Regime Especial' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Regime Especial' });
  await expect(dialogo).toBeVisible();
  await semDataNativa(page);
  const inicio = dialogo.getByRole('textbox', { name: 'Início' });
  await inicio.click();
  await expect(page.getByRole('button', { name: 'Período anterior' })).toBeVisible();
  await inicio.press('Escape');
  await expect(page.getByRole('button', { name: 'Período anterior' })).toBeHidden();
  await expect(dialogo).toBeVisible();
  await digitarData(page, inicio, '5-3-2026');
  await expect(dialogo).toBeVisible();
});
