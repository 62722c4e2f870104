import { expect, test } from '@playwright/test';

test('a typed date: dd-mm-aaaa and one-digit day or month read in Brazilian order, as with /', async ({ page }) => {
  await page.goto('/#/consulta-publica-edital');
  const de = page.getByRole('textbox', { name: 'Publicação de' });
  for (const [typed, shown] of [['01-02-2026', '01/02/2026'], ['1-2-2026', '01/02/2026'], ['15-1-2026', '15/01/2026'], ['3/4/2026', '03/04/2026'], ['31.12.2025', '31/12/2025']]) {
    await de.fill('');
    await de.pressSequentially(typed!);
    await de.blur();
    await expect(de).toHaveValue(shown!);
  }
  // The day reaches the query as yyyy-MM-dd.
  await de.fill('');
  await de.pressSequentially('15-1-2026');
  await de.press('Enter');
  await expect(page).toHaveURL(/dataInicial=2026-01-15/);
  // Not yet a whole date (two-digit year): nothing guessed, the last real day stays.
  await de.fill('');
  await de.pressSequentially('01-02-26');
  await de.blur();
  await expect(de).not.toHaveValue('02/01/2026');
});
