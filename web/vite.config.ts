// Vite settings of the dashboard, shared by web/build.ts and `npx vite web` (which proxies /api to a running Loupe).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

export const WEB_DIR = dirname(fileURLToPath(import.meta.url));

export const dashboardViteConfig: UserConfig = {
  root: WEB_DIR,
  base: '/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', assetsDir: 'assets', target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: { proxy: { '/api': process.env.LOUPE_URL ?? 'http://localhost:3000' } },
};

export default defineConfig(dashboardViteConfig);
