import { expect, test } from '@playwright/test';
import { abrirRegistroAtivo } from '../support/sujeitos';

/** Issue 40 §6 (a): every way out of a draft asks, however many times the clerk chose to stay; a changed tab says so. */
test('supertela: Back after choosing "Continuar editando" twice still asks; the changed tab shows the unsaved marker', async ({ page, request }) => {
  const r = await abrirRegistroAtivo(page, request);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  // As a clerk arrives from a typed or pasted address (or a bookmark): the browser, not the router, makes the entry.
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toHaveCount(0);
  await page.evaluate((h) => { window.location.hash = h; }, `#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}`);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  const fantasia = page.getByRole('textbox', { name: 'Nome fantasia' });
  await page.getByTestId('editar').check({ force: true });
  const marca = (aba: string) => page.getByRole('tab', { name: aba }).getByRole('img', { name: 'alterações não salvas' });
  await expect(marca('Dados Cadastrais')).toHaveCount(0);
  await fantasia.fill('RASCUNHO DA VOLTA');
  await expect(marca('Dados Cadastrais')).toBeVisible();
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await expect(marca('Dados Cadastrais')).toBeVisible();
  await expect(marca('Atividade Econômica')).toHaveCount(0);

  const aviso = page.getByRole('dialog', { name: 'Alterações não salvas' });
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await aviso.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(aviso).toHaveCount(0);
  await page.getByRole('link', { name: 'Início' }).click();
  await aviso.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(aviso).toHaveCount(0);

  // The browser's Back: asks too; staying keeps the draft and the page.
  let pergunta = '';
  page.on('dialog', (d) => { pergunta = d.type(); void d.dismiss(); });
  await page.goBack().catch(() => undefined);
  await expect(aviso).toBeVisible();
  await aviso.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(aviso).toHaveCount(0);
  expect(pergunta).toBe('');
  await expect(page).toHaveURL(new RegExp(`#/contribuinte/${r.numeroCaceal}/${r.numeroPessoa}$`));
  await page.getByRole('tab', { name: 'Dados Cadastrais' }).click();
  await expect(fantasia).toHaveValue('RASCUNHO DA VOLTA');
  // Back the text as it was: nothing differs, the marker goes.
  await page.getByRole('button', { name: 'Resetar dados' }).click();
  await expect(marca('Dados Cadastrais')).toHaveCount(0);
});
