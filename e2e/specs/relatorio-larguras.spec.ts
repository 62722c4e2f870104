import { expect, test } from '@playwright/test';
import { RELATORIOS, type NomeRelatorio } from '@cadastro/domain';
import { seriousA11yViolations, signIn } from '../support/app';

const TUDO = 'dataInicial=2000-01-01&dataFinal=2026-12-31';
/** Each report's preview with rows in the demo registry. */
const PREVIA: Record<NomeRelatorio, string> = {
  solicitacoesBaixadas: `/pre-visualizar?${TUDO}`, contribuintesAtivos: '/pre-visualizar?tipoConsulta=tipo', eventos: '', cacealForaInteresse: '/pre-visualizar',
  cacealNulo: `/pre-visualizar?dataInicial=1900-01-01&dataFinal=2026-12-31`, cacealAtivoCnpjInativo: '', cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '',
  multiplosVivos: `/pre-visualizar?${TUDO}`, divergenciaResponsavel: '', contribuinteGeral: `/pre-visualizar?${TUDO}`,
};

test('relatórios (#32 items 10, 13): every preview fits a 1280-pixel screen; a table wider than the screen is a named region reached and scrolled by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  for (const nome of Object.keys(PREVIA) as NomeRelatorio[]) {
    await page.goto(`/#/${RELATORIOS[nome].rota}${PREVIA[nome]}`);
    const previa = page.getByTestId('pre-visualizacao');
    await expect(previa.getByRole('row').nth(1).or(previa.getByTestId('empty'))).toBeVisible({ timeout: 30_000 });
    const tabela0 = previa.locator('table');
    if (!(await tabela0.count())) continue; // no rows in the demo data
    // Nothing cut off on the right: the table is no wider than the preview.
    const [tabela, visivel] = await tabela0.evaluate((t) => [t.getBoundingClientRect().width, t.closest('[data-testid="pre-visualizacao"]')!.clientWidth]);
    expect(tabela, `${nome}: ${tabela} px in ${visivel} px`).toBeLessThanOrEqual(visivel + 1);
  }

  // A narrow window: the widest report scrolls inside its region, which the keyboard reaches (Tab) and scrolls (arrows).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`/#/relatorio-solicitacoes-baixadas${PREVIA.solicitacoesBaixadas}`);
  const regiao = page.getByRole('region', { name: 'Solicitações Baixadas' });
  await expect(regiao).toBeVisible({ timeout: 30_000 });
  expect(await regiao.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Baixar XLS' }).focus();
  await page.keyboard.press('Tab');
  await expect(regiao).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  await expect.poll(() => regiao.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
