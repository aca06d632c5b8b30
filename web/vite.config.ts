// Vite settings of the dashboard, shared by web/build.ts and `npx vite web` (which proxies /api to a running Loupe).
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
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

const EARLY_QUESTIONS = join(WEB_DIR, 'src', 'early-questions.ts');

/**
 * src/early-questions.ts asks the site dashboard's first questions while the browser still loads and parses the
 * entry chunk: bundled on its own as a classic script of a few kilobytes (no module graph to load first) and
 * named at the head of index.html, so it is the page's first request; as a plain script the parser runs it on arrival,
 * before the module scripts, whose preloads the browser's preload scanner has already found meanwhile.
 * (A second module script in index.html would not do: Vite joins an HTML file's module scripts into one entry.)
 */
function earlyQuestionsFirst(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'loupe-early-questions',
    apply: 'build',
    async buildStart() {
      const built = await esbuild({ entryPoints: [EARLY_QUESTIONS], bundle: true, format: 'iife', target: 'es2022', minify: true, write: false, logLevel: 'silent' });
      const code = built.outputFiles[0]?.contents;
      if (!code) throw new Error('early-questions.ts: esbuild gave no output');
      fileName = `assets/early-questions-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(): HtmlTagDescriptor[] {
        return fileName ? [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' }] : [];
      },
    },
  };
}

export const dashboardViteConfig: UserConfig = {
  root: WEB_DIR,
  base: '/',
  plugins: [react(), tailwindcss(), preloadSiteDashboard(), earlyQuestionsFirst()],
  build: { outDir: 'dist', assetsDir: 'assets', target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: { proxy: { '/api': process.env.LOUPE_URL ?? 'http://localhost:3000' } },
};

export default defineConfig(dashboardViteConfig);
