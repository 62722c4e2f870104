import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // *.server.test.ts drive a PostgreSQL server of their own (restarts, failover): they belong to
    // the server-mode pass (TEST_DATABASE_URL set), not to the embedded one; *.embutido.test.ts test
    // what only the embedded PGlite does (its queue in the sockets), not the server pass.
    exclude: process.env.TEST_DATABASE_URL ? ['**/node_modules/**', 'src/**/*.embutido.test.ts'] : ['**/node_modules/**', 'src/**/*.server.test.ts'],
    testTimeout: 30_000,
    // Generous: on a loaded machine starting an app (migrations, reference data) can take a minute.
    hookTimeout: 180_000,
    // Each file builds its own app and database; two workers fit this 2-core machine.
    maxWorkers: 2,
    // One folder per run for the template databases every file copies (src/test/banco-modelo.ts).
    globalSetup: ['src/test/global-setup.ts'],
  },
});
