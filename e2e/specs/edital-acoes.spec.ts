import { expect, test, type Locator } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre } from '../support/sujeitos';

const api = '/sfz-cadastro-api/api';

/** WCAG contrast of a field's text against its own background (opacity blended over white). */
async function contraste(campo: Locator) {
  return campo.evaluate((el) => {
    const s = getComputedStyle(el);
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const o = Number(s.opacity);
    const sobreBranco = (c: number[]) => c.map((v) => o * v + (1 - o) * 255);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [lum(sobreBranco(rgb(s.color))), lum(sobreBranco(rgb(s.backgroundColor)))].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

test('edital (#32 item 8): after signing the next step is offered; the list names its actions; read-only text is legible', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'editais');
  const c1 = (await registroLivre(request)).numeroCaceal;
  const equipe = (await (await request.get(`${api}/responsaveis-edital`, { headers })).json()) as { numeroPessoa: number }[];
  const eu = Math.min(...equipe.map((p) => p.numeroPessoa));
  const r = await request.post(`${api}/edital/cadastro`, {
    headers,
    data: { tituloEdital: 'EDITAL E2E AÇÕES', idTipoEdital: 3, texto: 'Texto que o servidor precisa ler.', numeroPessoaResponsavel: eu, idSituacaoCadastralFutura: 2, motivos: [201], vinculados: [{ numeroCaceal: c1 }] },
  });
  expect(r.status()).toBe(200);
  const edital = (await r.json()).edital as { id: number; numero: string };

  await page.goto('/#/consultar-edital');
  await signIn(page, 'editais');
  await page.goto(`/#/edital/edicao/${edital.id}`);
  await page.getByTestId('edital-assinar').click();
  await expect(page.getByTestId('edital-situacao')).toHaveText('Situação do edital: PRONTO PARA PUBLICAR');
  // Signed: read-only text keeps AA contrast (it was Mantine's pale grey at 60 % opacity).
  expect(await contraste(page.getByTestId('edital-texto'))).toBeGreaterThanOrEqual(4.5);
  // The next step is here, not behind "Voltar" and a new search.
  await page.getByTestId('edital-ir-publicacao').click();
  await expect(page.getByRole('heading', { name: 'Confirmação da Publicação' })).toBeVisible();
  await expect(page).toHaveURL(/ehConfirmacao=true/);

  // The list: each action says what it does in words, whole (not clipped), with a tooltip.
  await page.goto('/#/consultar-edital');
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'Número do Edital' }).click();
  await page.getByTestId('edital-numero').fill(edital.numero.replace('/', ''));
  await page.getByTestId('edital-numero').press('Enter');
  const linha = page.getByRole('row').filter({ has: page.getByRole('cell', { name: edital.numero, exact: true }) });
  for (const [nome, texto] of [[`Publicar o edital ${edital.numero} (confirmar a publicação)`, 'Publicar'], [`Abrir o PDF do edital ${edital.numero}`, 'PDF'], [`Excluir o edital ${edital.numero}`, 'Excluir']] as const) {
    const botao = linha.getByRole('button', { name: nome });
    await expect(botao).toHaveText(texto);
    expect(await botao.evaluate((b) => [...b.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth + 1) && b.scrollWidth <= b.clientWidth + 1)).toBe(true);
    await botao.hover();
    await expect(page.getByRole('tooltip', { name: nome })).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await linha.getByRole('button', { name: /^Publicar o edital/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirmação da Publicação' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
