import { expect, type Page, type Route } from '@playwright/test';
import { signIn } from './app';

/**
 * Holds the requests matching `padrao` (the first `vezes` of them, or all) until the returned function is
 * called: a slow server or network, not a fake answer, so what the page shows meanwhile is seen without a race.
 */
export async function segurar(page: Page, padrao: string | RegExp, vezes?: number) {
  let soltar!: () => void;
  const aberto = new Promise<void>((r) => (soltar = r));
  await page.route(padrao, async (route: Route) => {
    await aberto;
    await route.continue();
  }, vezes === undefined ? undefined : { times: vezes });
  return soltar;
}

/** A report's preview opened at `rota` by `login`, its first row shown: the preview's region. */
export async function previaDoRelatorio(page: Page, rota: string, login = 'auditor') {
  await page.goto(rota);
  await signIn(page, login);
  await expect(page.getByRole('dialog')).toBeHidden();
  const previa = page.getByTestId('pre-visualizacao');
  await expect(previa.getByRole('row').nth(1)).toBeVisible();
  return previa;
}

/** The addresses of the windows the page opens, as they open. */
export function janelasAbertas(page: Page) {
  const janelas: string[] = [];
  page.on('popup', (p) => janelas.push(p.url()));
  return janelas;
}
