import { expect, test } from '@playwright/test';
import { abrirRegistroAtivo } from '../support/sujeitos';

test('supertela: unsaved edits are not lost without a word — Nova Consulta, the history buttons and closing the tab ask first', async ({ page, request }) => {
  const r = await abrirRegistroAtivo(page, request);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  const fantasia = page.getByRole('textbox', { name: 'Nome fantasia' });

  // Nothing changed yet: leaving does not ask.
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await expect(page).toHaveURL(/#\/contribuinte$/);
  await page.goBack();
  await page.getByTestId('editar').check({ force: true });
  await fantasia.fill('FANTASIA NÃO SALVA');
  // Another tab of the same page is not leaving it.
  await page.getByRole('tab', { name: 'Atividade Econômica' }).click();
  await page.getByRole('tab', { name: 'Dados Cadastrais' }).click();
  await expect(fantasia).toHaveValue('FANTASIA NÃO SALVA');

  const aviso = page.getByRole('dialog', { name: 'Alterações não salvas' });
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await expect(aviso).toContainText('Há alterações não salvas nesta página.');
  await aviso.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(aviso).toHaveCount(0);
  await expect(fantasia).toHaveValue('FANTASIA NÃO SALVA');
  await expect(page).toHaveURL(new RegExp(`#/contribuinte/${r.numeroCaceal}/`));

  // Closing the tab (or reloading): the browser's own question.
  let pergunta = '';
  page.once('dialog', (d) => { pergunta = d.type(); void d.dismiss(); });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => pergunta).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // The browser's history buttons ask too (Forward here: Nova Consulta, then Back, left the search ahead); leaving drops the draft.
  await page.goForward();
  await expect(aviso).toBeVisible();
  await aviso.getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL(/#\/contribuinte$/);
});
