import { expect, test } from '@playwright/test';
import { apiAs, seriousA11yViolations, signIn } from '../support/app';

const api = '/sfz-cadastro-api/api';

test('historico: a root with several registrations opens the picker, then the status history; a CACEAL goes straight to the name history', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/100`, { headers })).json()).content as {
    numeroCaceal: number; cnpj: string;
  }[];
  let raiz: string | undefined;
  let comNome: { caceal: number; nome: string } | undefined;
  for (const c of lista) {
    if (!raiz) {
      const r = await (await request.get(`${api}/historico/obterListaHistorico/RAIZ_DO_CNPJ/${c.cnpj.slice(0, 8)}/0/10`, { headers })).json();
      if (r.totalElements >= 2 && /^\d+$/.test(c.cnpj)) raiz = c.cnpj.slice(0, 8);
    }
    if (!comNome) {
      const h = await (await request.post(`${api}/historico/consultar/razao-social/por-caceal`, { headers, data: { caceal: c.numeroCaceal } })).json();
      if (h.content.length) comNome = { caceal: c.numeroCaceal, nome: h.content[0].nomeRazaoSocial };
    }
    if (raiz && comNome) break;
  }
  expect(raiz && comNome).toBeTruthy();

  await page.goto('/#/historico');
  await signIn(page, 'atendente');
  await expect(page.getByRole('heading', { name: 'Histórico', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'CACEAL' }).click();
  const numero = page.getByRole('textbox', { name: 'Número' });
  await expect(page.getByText('Informe apenas números')).toBeVisible();
  await numero.fill('12ab');
  await expect(numero).toHaveValue('12');
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'Raiz do CNPJ' }).click();
  await expect(numero).toHaveValue(''); // changing the kind clears the number
  await numero.fill(raiz!);
  // final date before the initial one: said under the field, and nothing is searched
  const de = page.getByRole('textbox', { name: 'Alterado de' });
  const ate = page.getByRole('textbox', { name: 'até' });
  await de.fill('10/02/2026');
  await de.press('Tab');
  await ate.fill('01/02/2026');
  await ate.press('Tab');
  await expect(page.getByText('A data final deve ser igual ou posterior à inicial.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeDisabled();
  await de.fill('');
  await de.press('Tab');
  await ate.fill('');
  await ate.press('Tab');
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await numero.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Contribuintes encontrados' });
  await expect(picker).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await picker.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/#\/historico-situacao-cadastral-detail\/24\d{6}$/);
  await expect(page.getByRole('heading', { name: 'Histórico de Situação Cadastral' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Data da alteração' })).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toBeVisible();

  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await page.getByText('RAZÃO SOCIAL', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Consultar por' }).click();
  await page.getByRole('option', { name: 'CACEAL' }).click();
  await page.getByRole('textbox', { name: 'Número' }).fill(String(comNome!.caceal));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(new RegExp(`#/historico-razao-social-detail/${comNome!.caceal}$`));
  await expect(page.getByRole('cell', { name: comNome!.nome })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
