import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from '../support/app';

for (const path of ['/', '/#/register', '/#/reset/request']) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test('no serious accessibility violations in the login modal', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-login').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
