// Builds the dashboard into a temporary folder and reports the JavaScript a first visit downloads (the entry and
// the modules index.html preloads), gzipped; exits 1 above the 200 KB budget.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDashboard } from '../../web/build.js';

export const FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

/** The local JavaScript files index.html loads on first visit: module scripts and modulepreload links. */
export function firstLoadScripts(indexHtml: string): string[] {
  const found = new Set<string>();
  for (const tag of indexHtml.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModule = tag.startsWith('<script') ? /\btype="module"/.test(tag) : /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="(\/[^"]+\.js)"/.exec(tag)?.[1];
    if (isModule && url !== undefined) found.add(url);
  }
  return [...found];
}

const distDir = mkdtempSync(join(tmpdir(), 'loupe-bench-dashboard-'));
try {
  await buildDashboard(distDir);
  const scripts = firstLoadScripts(readFileSync(join(distDir, 'index.html'), 'utf8'));
  let total = 0;
  for (const script of scripts) {
    const bytes = readFileSync(join(distDir, script));
    const gzipped = gzipSync(bytes, { level: 9 }).byteLength;
    total += gzipped;
    console.log(`${script}: ${(bytes.byteLength / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  }
  const verdict = total <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (${verdict} the ${FIRST_LOAD_BUDGET_BYTES / 1024} KB budget)`);
  if (total > FIRST_LOAD_BUDGET_BYTES) process.exitCode = 1;
} finally {
  rmSync(distDir, { recursive: true, force: true });
}
