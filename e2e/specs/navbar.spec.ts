import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/app';

/**
 * Every entry of the navbar, as the user sees it: inside the window, not under another entry, its label
 * not cut (#32: at 1280 px the language menu, the last entry, was pushed out of view).
 */
async function entradasCortadas(page: Page) {
  return page.getByRole('navigation', { name: /Menu principal|Main menu/ }).evaluate((nav) => {
    const largura = document.documentElement.clientWidth;
    const entradas = [...nav.querySelectorAll<HTMLElement>('a, button, input')].filter((e) => e.getClientRects().length > 0);
    const caixas = entradas.map((e) => ({ nome: (e.textContent || e.getAttribute('aria-label') || '').trim(), r: e.getBoundingClientRect(), e }));
    const problemas: string[] = [];
    for (const { nome, r, e } of caixas) {
      if (r.left < 0 || r.right > largura + 0.5) problemas.push(`${nome}: fora da janela (${Math.round(r.left)}–${Math.round(r.right)} de ${largura})`);
      if (e.scrollWidth > e.clientWidth) problemas.push(`${nome}: texto cortado (${e.scrollWidth} > ${e.clientWidth})`);
      // the label inside a button may overflow the button without the button itself scrolling
      const rotulo = e.querySelector<HTMLElement>('.mantine-Button-label');
      if (rotulo && rotulo.scrollWidth > rotulo.clientWidth) problemas.push(`${nome}: rótulo cortado (${rotulo.scrollWidth} > ${rotulo.clientWidth})`);
      // clipped by an ancestor that hides its overflow (the header, a group)
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = p.getBoundingClientRect();
        if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5) problemas.push(`${nome}: cortado por ${p.tagName.toLowerCase()}`);
      }
    }
    for (let i = 0; i < caixas.length; i++)
      for (let j = i + 1; j < caixas.length; j++) {
        const [a, b] = [caixas[i]!.r, caixas[j]!.r];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) problemas.push(`${caixas[i]!.nome} sobre ${caixas[j]!.nome}`);
      }
    return { problemas, nomes: caixas.map((c) => c.nome) };
  });
}

// The accounts with the longest navbars: the auditor (quick search and six groups), the admin, the notices manager.
for (const login of ['auditor', 'admin', 'editais', 'apoio-contador', null]) {
  for (const width of [1280, 1366]) {
    test(`${width} px, ${login ?? 'anonymous'}: every navbar entry, the language menu last, is fully in view`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      if (login) {
        await signIn(page, login, login, { openMenu: true });
        await expect(page.getByTestId('menu-account')).toHaveText(new RegExp(login));
      }
      await expect(page.getByTestId('menu-language')).toHaveText(/Português \(Brasil\)/);
      const { problemas, nomes } = await entradasCortadas(page);
      expect(nomes).toContain('Português (Brasil) ▾');
      expect(problemas).toEqual([]);
      // the page below starts under the header, not behind it
      const cabecalho = (await page.getByRole('banner').boundingBox())!;
      const principal = (await page.locator('#main').boundingBox())!;
      expect(principal.y).toBeGreaterThanOrEqual(cabecalho.y + cabecalho.height - 0.5);
    });
  }
}
