import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousA11yViolations, signIn } from '../support/app';
import { abrirRegistroAtivo } from '../support/sujeitos';

/**
 * #32: axe on the main dialogs in their open state — 0 serious/critical. Each dialog is opened by the button a
 * clerk uses, checked while open, and closed without saving anything.
 */
type Achados = Record<string, unknown>;

async function verificarDialogo(page: Page, achados: Achados, nome: string, abrir: Locator, fechar: 'Escape' | string = 'Escape', preparar?: (d: Locator) => Promise<void>) {
  await abrir.click();
  const dialogo = page.getByRole('dialog').last();
  await expect(dialogo).toBeVisible();
  // the dialog as it is used: a date typed (its clear button shows), a calendar open
  if (preparar) await preparar(dialogo);
  const v = await seriousA11yViolations(page);
  if (v.length) achados[nome] = v;
  if (fechar === 'Escape') {
    // a first Escape may close only the calendar
    for (let i = 0; i < 3 && (await page.getByRole('dialog').count()); i++) await page.keyboard.press('Escape');
  } else await dialogo.getByRole('button', { name: fechar }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Types a date into the field, then opens the calendar of `calendario` (or of the same field). */
const comData = (campo: RegExp, calendario: RegExp = campo) => async (d: Locator) => {
  await d.getByRole('textbox', { name: campo }).fill('01/02/2026');
  await d.getByRole('textbox', { name: calendario }).click();
  await expect(d.page().getByRole('button', { name: /\d{1,2} \w+ \d{4}|^\d{1,2}$/ }).first()).toBeVisible();
};

test('axe: the supertela dialogs open (address, activity, responsible, partner, accountant, proxy, special regime, Confirmar processo, delete, unsaved changes)', async ({ page, request }) => {
  test.setTimeout(180_000);
  await abrirRegistroAtivo(page, request);
  await expect(page.getByRole('heading', { name: 'Dados do Contribuinte' })).toBeVisible();
  const achados: Achados = {};
  const editar = () => page.getByTestId('editar').check({ force: true });
  const aba = async (nome: string) => {
    await page.getByRole('tab', { name: nome, exact: true }).click();
    await editar();
  };

  await editar();
  await verificarDialogo(page, achados, 'Novo Endereço', page.getByRole('button', { name: 'Novo Endereço' }));
  await aba('Atividade Econômica');
  await verificarDialogo(page, achados, 'Adicionar Atividade', page.getByRole('button', { name: 'Adicionar Atividade' }));
  await aba('Responsável');
  await verificarDialogo(page, achados, 'Alterar Responsável', page.getByRole('button', { name: 'Alterar Responsável' }));
  await aba('Quadro de Sócios e Administradores');
  await verificarDialogo(page, achados, 'Adicionar Sócio', page.getByRole('button', { name: 'Adicionar Sócio' }), 'Escape', comData(/inclusão/i));
  await verificarDialogo(page, achados, 'Endereços do sócio', page.getByRole('button', { name: /^Endereço do sócio/ }).first());
  await aba('Contador');
  await verificarDialogo(page, achados, 'Contador', page.getByRole('button', { name: /^(Alterar|Registrar) Contador$/ }));
  await aba('Procurador no Estado');
  await verificarDialogo(page, achados, 'Adicionar Procurador', page.getByRole('button', { name: 'Adicionar Procurador' }), 'Escape', comData(/início/i));
  await aba('Regime Especial');
  await verificarDialogo(page, achados, 'Adicionar Regime Especial', page.getByRole('button', { name: 'Adicionar Regime Especial' }), 'Escape', comData(/^Fim/, /^Início/));

  await aba('Dados Cadastrais');
  await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('FANTASIA DA VARREDURA');
  await verificarDialogo(page, achados, 'Confirmar processo', page.getByTestId('salvar-evento'), 'Escape', comData(/Data do evento/));
  await verificarDialogo(page, achados, 'Excluir inscrição', page.getByRole('button', { name: 'Excluir inscrição' }), 'Cancelar');
  await verificarDialogo(page, achados, 'Alterações não salvas', page.getByRole('link', { name: 'Nova Consulta' }), 'Continuar editando');
  expect(achados).toEqual({});
});

test('axe: sign-in, user management, the administration detail dialogs, the navbar menus and a list box open', async ({ page }) => {
  const achados: Achados = {};
  await page.goto('/');
  await verificarDialogo(page, achados, 'Entrar', page.getByTestId('home-login'));
  await signIn(page, 'admin', 'admin', { openMenu: true });

  await page.goto('/#/user-management');
  await verificarDialogo(page, achados, 'Novo usuário', page.getByTestId('user-new'), 'Fechar');
  await verificarDialogo(page, achados, 'Editar usuário', page.getByTestId('edit-atendente'), 'Fechar');
  await verificarDialogo(page, achados, 'Excluir usuário', page.getByRole('link', { name: 'Excluir' }).first(), 'Cancelar');

  // the navbar's menus and a list box open (Mantine renders them in portals, outside the page's landmarks)
  for (const menu of ['menu-admin', 'menu-language', 'menu-account']) {
    await page.getByTestId(menu).click();
    await expect(page.getByRole('menu')).toBeVisible();
    const v = await seriousA11yViolations(page);
    if (v.length) achados[menu] = v;
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  await page.goto('/#/consulta-publica-edital');
  await page.getByRole('combobox').first().click();
  await expect(page.getByRole('listbox')).toBeVisible();
  const lista = await seriousA11yViolations(page);
  if (lista.length) achados['lista de opções'] = lista;
  await page.keyboard.press('Escape');

  await page.goto('/#/jhi-health');
  await verificarDialogo(page, achados, 'Saúde', page.getByRole('button', { name: 'Detalhes' }).first());
  await page.goto('/#/audits');
  await verificarDialogo(page, achados, 'Auditoria', page.getByRole('button', { name: 'Alterações' }).first());
  expect(achados).toEqual({});
});
