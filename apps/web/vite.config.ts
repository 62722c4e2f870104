import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './build/bundleBudget.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), bundleBudget()],
  server: {
    port: 9000,
    proxy: { '/api': api, '/management': api, '/sfz-cadastro-api': api, '/swagger-ui': api },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
