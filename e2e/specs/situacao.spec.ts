import { expect, test, type Page } from '@playwright/test';
import { animacoesTerminadas, apiAs, seriousA11yViolations, signIn } from '../support/app';
import { registroLivre } from '../support/sujeitos';

async function entrar(page: Page, login: string, rota: string) {
  await page.goto(`/#/${rota}`);
  await signIn(page, login);
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('situacaoCadastral: a pasted list, unknown and malformed CACEALs named, a link to the taxpayer, print', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'atendente');
  const lista = (await (await request.get('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/3', { headers })).json()).content as {
    numeroCaceal: number; numeroPessoa: number; razaoSocial: string;
  }[];
  await entrar(page, 'atendente', 'situacaoCadastral');
  await expect(page.getByRole('heading', { name: 'Situação Cadastral' })).toBeVisible();
  const caixa = page.getByRole('textbox', { name: 'CACEALs' });
  await caixa.fill(`${lista[0]!.numeroCaceal}, 24abc, 240000011`);
  await expect(page.getByText('Corrija: 24abc, 240000011')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  await caixa.fill(`${lista[0]!.numeroCaceal}, ${lista[1]!.numeroCaceal}\n24099998 ${lista[2]!.numeroCaceal}`);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('nao-encontrados')).toHaveText('CACEAL não encontrado: 24099998');
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('row').nth(1)).toContainText(lista[0]!.razaoSocial);
  expect(await seriousA11yViolations(page)).toEqual([]);
  const pdf = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect((await pdf).url()).toMatch(/^blob:|^about:blank/);
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/contribuinte/${lista[0]!.numeroCaceal}/${lista[0]!.numeroPessoa}$`));
});

test('alterarSituacaoCnpj: search by CNPJ, dependent reason, save, success and reload', async ({ page, request }) => {
  const { headers } = await apiAs(request, 'auditor');
  // An active company of its own with a single registration (its status is changed below).
  const alvo = await registroLivre(request, {
    termo: 'servicos',
    serve: async (c, h) => (await (await request.get(`/sfz-cadastro-api/api/contribuinte/situacaoPessoa/${c.numeroPessoa}`, { headers: h })).json()).contribuintes.length === 1,
  });
  await entrar(page, 'auditor', 'alterarSituacaoCnpj');
  const cnpj = page.getByRole('textbox', { name: 'CNPJ' });
  await cnpj.fill(alvo.cnpj);
  await cnpj.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/alterarSituacaoCnpj/${alvo.numeroPessoa}$`));
  await expect(page.getByRole('cell').filter({ hasText: 'ATIVO' })).toBeVisible();
  const motivo = page.getByRole('combobox', { name: 'Motivo' });
  // the page's Salvar (the confirmation has its own)
  const salvar = page.getByTestId('situacao-salvar');
  await expect(motivo).toBeDisabled();
  await expect(salvar).toBeDisabled();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'SUSPENSO' }).click();
  await expect(motivo).toBeEnabled();
  await motivo.click();
  await page.getByRole('option', { name: 'SUSPENSÃO TEMPORÁRIA A PEDIDO' }).click();
  // Cancelar clears both choices
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(motivo).toBeDisabled();
  await expect(salvar).toBeDisabled();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'SUSPENSO' }).click();
  await motivo.click();
  await page.getByRole('option', { name: 'SUSPENSÃO TEMPORÁRIA A PEDIDO' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Salvar asks first, naming the registrations that change; Cancelar changes nothing
  const caceal = ((await page.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').trim();
  await salvar.click();
  const confirmar = page.getByRole('dialog', { name: 'Confirmar a alteração da situação cadastral' });
  await expect(confirmar).toContainText('passará para SUSPENSO, com o motivo SUSPENSÃO TEMPORÁRIA A PEDIDO');
  await expect(confirmar.getByTestId('confirmar-caceais')).toHaveText(`CACEAL ${caceal} (hoje ATIVO)`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirmar.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('cell').filter({ hasText: 'ATIVO' })).toBeVisible();
  const situacao = (await (await request.get(`/sfz-cadastro-api/api/contribuinte/situacaoPessoa/${alvo.numeroPessoa}`, { headers })).json()) as { contribuintes: { situacaoCadastral: string }[] };
  expect(situacao.contribuintes.map((c) => c.situacaoCadastral)).toEqual(['ATIVO']);
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'SUSPENSO' }).click();
  await motivo.click();
  await page.getByRole('option', { name: 'SUSPENSÃO TEMPORÁRIA A PEDIDO' }).click();
  await salvar.click();
  // Confirmed once the dialog has settled (on a busy machine a click 80 ms into its fade-in sent nothing).
  await expect(confirmar.getByTestId('confirmar-caceais')).toHaveText(`CACEAL ${caceal} (hoje ATIVO)`);
  await animacoesTerminadas(page);
  await confirmar.getByRole('button', { name: 'Salvar' }).click();
  await expect(confirmar).toHaveCount(0);
  await expect(page.getByRole('cell').filter({ hasText: 'SUSPENSÃO TEMPORÁRIA A PEDIDO' })).toBeVisible();
  await expect(salvar).toBeDisabled();
  // Saved (not only the success alert, which lasts 5 s): the registration is SUSPENSO, also after a reload.
  const depois = (await (await request.get(`/sfz-cadastro-api/api/contribuinte/situacaoPessoa/${alvo.numeroPessoa}`, { headers })).json()) as { contribuintes: { situacaoCadastral: string }[] };
  expect(depois.contribuintes.map((c) => c.situacaoCadastral)).toEqual(['SUSPENSO']);
  await page.reload();
  await expect(page.getByRole('cell').filter({ hasText: 'SUSPENSÃO TEMPORÁRIA A PEDIDO' })).toBeVisible();
  // Nova Consulta; a CNPJ no company has
  await page.getByRole('link', { name: 'Nova Consulta' }).click();
  await cnpj.fill('11.222.333/0001-81');
  await cnpj.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Nenhum registro encontrado.');
});
