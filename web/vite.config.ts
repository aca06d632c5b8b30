// Vite settings of the dashboard, shared by web/build.ts and `npx vite web` (which proxies /api to a running Loupe).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup, type UserConfig } from 'vite';

export const WEB_DIR = dirname(fileURLToPath(import.meta.url));

/** The chunk of `moduleSuffix` and every chunk it imports statically, as build file names. */
function chunkFilesOf(bundle: Rollup.OutputBundle, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix) === true);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
  };
  if (start) visit(start.fileName);
  return [...files];
}

/**
 * index.html preloads the site dashboard's lazy chunk and what it imports, so the browser fetches them while it
 * still parses the entry chunk instead of after (the dashboard is the page most visits open first).
 */
function preloadSiteDashboard(): Plugin {
  return {
    name: 'loupe-preload-site-dashboard',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context): HtmlTagDescriptor[] {
        if (!context.bundle) return [];
        return chunkFilesOf(context.bundle, '/src/routes/site.tsx')
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

export const dashboardViteConfig: UserConfig = {
  root: WEB_DIR,
  base: '/',
  plugins: [react(), tailwindcss(), preloadSiteDashboard()],
  build: { outDir: 'dist', assetsDir: 'assets', target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: { proxy: { '/api': process.env.LOUPE_URL ?? 'http://localhost:3000' } },
};

export default defineConfig(dashboardViteConfig);
