import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const [login, rota, nome] = process.argv.slice(2);
const page = await b.newPage({ viewport: { width: Number(process.env.W ?? 390), height: 844 }, locale: 'pt-BR' });
await page.goto(`http://localhost:8091/#/contribuinte`);
await page.waitForTimeout(1000);
const dialog = page.getByRole('dialog');
if (await dialog.count()) {
  await dialog.getByLabel(/Usuário|Login/).fill(login);
  await dialog.getByLabel(/^(Senha|Password)/).fill(login);
  await dialog.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click();
}
await page.waitForTimeout(1500);
await page.goto(`http://localhost:8091/#/${rota}`);
await page.waitForTimeout(3000);
await page.screenshot({ path: `/tmp/shots/${nome}.png`, fullPage: true });
await b.close();
