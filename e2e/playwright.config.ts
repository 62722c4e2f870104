import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data dir per run (workers inherit the env, so they agree on it).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-e2e-'));
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'specs',
  // Budgets for a busy CI machine (2 cores shared with the API, PGlite and Chromium): a slow answer is not a failure.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // No retries: a test passes on its first attempt or fails the run. Tests that write take subjects of their own
  // (support/sujeitos.ts) and check what was saved, not a transient alert, so a run (or `--repeat-each=2`) on the
  // same data passes the same way.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Maceio',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node --import tsx ../apps/api/src/main.ts',
    // The API listens on loopback (127.0.0.1) in the dev profile: ask it there, not wherever localhost resolves first.
    url: `http://127.0.0.1:${port}/api/profile-info`,
    // The first start seeds the registry: minutes on a loaded machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_PROFILE: 'dev',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // Every browser test signs in from 127.0.0.1: keep the per-address limit out of the way.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      // A report PDF past this many rows is refused with the spreadsheet offered (exportacoes.spec): small, so the seed has one.
      REPORT_PDF_MAX_ROWS: '1000',
    },
  },
});
