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

test('relatórios (#32 items 10, 13): at 1280 and 1366 pixels no preview is cut off on the right (the page does not scroll sideways, the last column header is on screen); Fora de Interesse shows each taxpayer once with its activities inside', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/');
  await signIn(page, 'auditor', 'auditor', { openMenu: true });
  for (const largura of [1280, 1366]) {
    await page.setViewportSize({ width: largura, height: 800 });
    for (const nome of Object.keys(PREVIA) as NomeRelatorio[]) {
      await page.goto(`/#/${RELATORIOS[nome].rota}${PREVIA[nome]}`);
      const previa = page.getByTestId('pre-visualizacao');
      await expect(previa.getByRole('row').nth(1).or(previa.getByTestId('empty'))).toBeVisible({ timeout: 30_000 });
      const tabela0 = previa.locator('table');
      if (!(await tabela0.count())) continue; // no rows in the demo data
      const medidas = await tabela0.evaluate((t) => {
        const ultimo = t.querySelector('thead tr th:last-child')!.getBoundingClientRect();
        const doc = document.scrollingElement!;
        return {
          pagina: [doc.scrollWidth, doc.clientWidth],
          tabela: [t.getBoundingClientRect().width, t.closest('[data-testid="pre-visualizacao"]')!.clientWidth],
          ultimoCabecalho: [Math.round(ultimo.right), window.innerWidth],
        };
      });
      const onde = `${nome} at ${largura} px: ${JSON.stringify(medidas)}`;
      // Nothing cut off on the right: the page does not scroll sideways, the table fits its preview,
      // and the last column's header ends inside the window.
      expect(medidas.pagina[0], onde).toBeLessThanOrEqual(medidas.pagina[1]!);
      expect(medidas.tabela[0], onde).toBeLessThanOrEqual(medidas.tabela[1]! + 1);
      expect(medidas.ultimoCabecalho[0], onde).toBeLessThanOrEqual(medidas.ultimoCabecalho[1]!);
      await expect(previa.locator('thead th').last(), onde).toBeInViewport();
      if (nome !== 'cacealForaInteresse') continue;
      // §2: a group per taxpayer, its activities (CNAE 9999-9/99) listed inside its row.
      const caceais = await previa.locator('tbody tr td:first-child').allInnerTexts();
      expect(caceais.length, onde).toBeGreaterThan(1);
      expect(new Set(caceais).size, `${onde}: ${caceais.join(' ')}`).toBe(caceais.length);
      const atividades = previa.locator('tbody tr').first().getByRole('listitem');
      await expect(atividades.first()).toHaveText(/^\d{4}-\d\/\d{2} · .+ · (SIM|NÃO)$/);
    }
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
