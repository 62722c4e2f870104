import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from '../support/app';
import { abrirRegistroAtivo } from '../support/sujeitos';

test('address form: the CEP fills UF and município; a CEP outside the chosen município is refused before sending', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('button', { name: 'Novo Endereço' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Novo Endereço' });
  const cep = dialogo.getByRole('textbox', { name: 'CEP' });
  const municipio = dialogo.getByRole('combobox', { name: 'Município' });
  await dialogo.getByRole('combobox', { name: 'Tipo de endereço' }).click();
  await page.getByRole('option').first().click();
  await dialogo.getByRole('textbox', { name: 'Logradouro' }).fill('RUA DO SOL');

  await cep.fill('57020000');
  await expect(municipio).toHaveValue('Maceió');
  await expect(dialogo.getByRole('combobox', { name: 'UF' })).toHaveValue(/AL|Alagoas/);
  // Another town with Maceió's CEP: the server's text, Salvar off.
  await municipio.click();
  await municipio.fill('Arapiraca');
  await page.getByRole('option', { name: 'Arapiraca', exact: true }).click();
  await expect(dialogo.getByText('O CEP não pertence ao município informado (faixa dos Correios: 57300-001 a 57319-999).')).toBeVisible();
  await expect(dialogo.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await cep.fill('57310000');
  await expect(municipio).toHaveValue('Arapiraca');
  await expect(dialogo.getByText(/O CEP não pertence/)).toHaveCount(0);
  await dialogo.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/RUA DO SOL - Arapiraca\/AL - 57310-000/)).toBeVisible();
});

test('capital social takes and shows pt-BR money: "50.000,00" typed, R$ 50.000,00 shown, no "Valor inválido."', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  const capital = page.getByRole('textbox', { name: 'Capital social' });
  await page.getByTestId('editar').check({ force: true });
  await expect(capital).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/); // the stored value as written in Brazil, not 28390.00
  await capital.fill('50.000,00');
  await expect(capital).toHaveValue('50.000,00');
  await capital.press('End');
  await capital.pressSequentially('5');
  await expect(capital).toHaveValue('500.000,05');
  await expect(page.getByText('Valor inválido.')).toHaveCount(0);
  await expect(page.getByTestId('salvar-evento')).toBeEnabled();
});

test('Confirmar processo: Escape on the calendar closes the calendar, not the dialog; the date field has no unnamed button', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  await page.getByTestId('editar').check({ force: true });
  await page.getByRole('textbox', { name: 'Nome fantasia' }).fill('FANTASIA DO CALENDÁRIO');
  await page.getByTestId('salvar-evento').click();
  const dialogo = page.getByRole('dialog', { name: 'Confirmar processo' });
  await expect(dialogo).toBeVisible();
  const data = dialogo.getByRole('textbox', { name: 'Data do evento' });
  await data.click();
  await expect(page.getByRole('button', { name: /\d{1,2} \w+ \d{4}|^\d{1,2}$/ }).first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeVisible();
  await data.fill('01/02/2026');
  await expect(dialogo.getByRole('button', { name: 'Limpar a data' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialogo).toHaveCount(0);
});

test('editing Dados Cadastrais hides nothing reading shows: natureza, start, MEI, Simples and the status stay on screen', async ({ page, request }) => {
  await abrirRegistroAtivo(page, request);
  const painel = page.getByRole('tabpanel');
  const rotulos = ['Natureza jurídica', 'Início da atividade', 'MEI', 'Optante do Simples Nacional', 'Situação do CACEAL'];
  const valor = (rotulo: string) => painel.getByText(rotulo, { exact: true }).locator('xpath=following-sibling::*[1]');
  const lidos: string[] = [];
  for (const rotulo of rotulos) lidos.push((await valor(rotulo).textContent())!);
  await page.getByTestId('editar').check({ force: true });
  await expect(page.getByRole('textbox', { name: 'Nome fantasia' })).toBeEnabled();
  for (const [i, rotulo] of rotulos.entries()) await expect(valor(rotulo)).toHaveText(lidos[i]!);
});
