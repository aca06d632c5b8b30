// The lint rules that keep imports pointing down the layers: planted upward imports and cycles fail lint. That
// the tree as it is passes them is `npm run lint`'s part (CI runs it; linting all of src/ here again cost 19 s).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';

const eslint = new ESLint({ cwd: projectPath() });

/** The messages of the loupe/* rules for `code` linted as if it were the file at `path` (relative to the project). */
async function layerMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: projectPath(path) });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('loupe/')).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import direction', () => {
  it.each([
    ['src/platform/http/planted.ts', "import { registerReports } from '../../reports/reports-module.js';\nexport const x = registerReports;\n", 'loupe/layers: platform/ is the bottom layer'],
    ['src/platform/planted.ts', "import type { Site } from '../sites/site.js';\nexport type X = Site;\n", 'loupe/layers: platform/ is the bottom layer'],
    ['src/stats/planted.ts', "import { overviewRoutes } from '../reports/overview/overview.routes.js';\nexport const x = overviewRoutes;\n", 'loupe/layers: stats/ is the query engine'],
    ['src/reports/bots/planted.ts', "import { enrichBatch } from '../../ingestion/enrichment/enrich-batch.js';\nexport const x = enrichBatch;\n", 'loupe/layers: reports/ reads the stores through stats/'],
    ['src/classifiers/catalogs/planted.ts', "import { enrichBatch } from '../../ingestion/enrichment/enrich-batch.js';\nexport const x = enrichBatch;\n", 'loupe/layers: classifiers/ is the shared library'],
    ['src/sites/planted.ts', "import { createApp } from '../app.js';\nexport const x = createApp;\n", 'loupe/layers: only the entry points import app.ts'],
  ])('refuses an upward import in %s', async (path, code, expected) => {
    const messages = await layerMessages(path, code);
    expect(messages.some((message) => message.startsWith(expected))).toBe(true);
  });

  it('refuses a module cycle (the payload schema importing its quick check again)', async () => {
    const code = "import { commonPayload } from './common-payload.js';\nexport const x = commonPayload;\n";
    const messages = await layerMessages('src/ingestion/track.schema.ts', code);
    expect(messages).toContain(
      'loupe/no-cycle: import cycle: ingestion/track.schema.ts -> ingestion/common-payload.ts -> ingestion/track.schema.ts',
    );
  });

  it('refuses a cycle between folders (segments importing the reports that import segments)', async () => {
    const code = "import type { ReportsModuleDeps } from '../reports/index.js';\nexport type X = ReportsModuleDeps;\n";
    const messages = await layerMessages('src/segments/planted.ts', code);
    expect(messages).toEqual(['loupe/no-cycle: folder cycle: segments -> reports -> segments (imports reports/index.ts)']);
  });

  it.each([
    ['src/dashboard-assets/planted.ts', "export async function build(out: string) {\n  const { buildDashboard } = await import('../../web/build.js');\n  return buildDashboard(out);\n}\n", 'web/build.ts'],
    ['src/tracker-assets/planted.ts', "import { buildTracker } from '../../tracker/build.js';\nexport const x = buildTracker;\n", 'tracker/build.ts'],
  ])('refuses a builder imported by the server (%s), statically or dynamically', async (path, code, target) => {
    expect(await layerMessages(path, code)).toEqual([
      `loupe/inside-src: src/ imports nothing outside src/ (imports ${target}); run a build script instead of importing it`,
    ]);
  });

  it.each([
    ['src/webhooks/planted.ts', "import { GoalRepository } from '../goals/goal.repository.js';\nexport const x = GoalRepository;\n", 'goals', 'goals/goal.repository.ts'],
    ['src/app-planted/planted.ts', "import { sitesRoutes } from '../sites/sites.routes.js';\nexport const x = sitesRoutes;\n", 'sites', 'sites/sites.routes.ts'],
    ['src/cli/planted.ts', "import { importFile } from '../imports/file-import.js';\nexport const x = importFile;\n", 'imports', 'imports/file-import.ts'],
  ])('refuses another feature\'s insides in %s: only its public entry may be imported', async (path, code, feature, target) => {
    expect(await layerMessages(path, code)).toEqual([
      `loupe/feature-entry: ${feature}/ is another feature: import it through its public entry ${feature}/index.ts (imports ${target})`,
    ]);
  });

  it('refuses another feature\'s insides in the entry points too (app.ts imports each feature through its index.ts)', async () => {
    const code = "import { goalsRoutes } from './goals/goals.routes.js';\nexport const x = goalsRoutes;\n";
    expect(await layerMessages('src/app.ts', code)).toContain(
      'loupe/feature-entry: goals/ is another feature: import it through its public entry goals/index.ts (imports goals/goals.routes.ts)',
    );
  });

  it('exempts no folder of src/: a helper in a testing/ folder is product code and follows the rules', async () => {
    const code = "import { goalsRoutes } from '../../goals/goals.routes.js';\nexport const x = goalsRoutes;\n";
    expect(await layerMessages('src/ingestion/testing/planted.ts', code)).toEqual([
      'loupe/feature-entry: goals/ is another feature: import it through its public entry goals/index.ts (imports goals/goals.routes.ts)',
    ]);
  });

  it('accepts a feature\'s public entry and the shared libraries (platform, stats, classifiers, revenue)', async () => {
    const code = [
      "import { GoalRepository } from '../goals/index.js';",
      "import { classifyChannel } from '../classifiers/channels/channel-classifier.js';",
      "import { revenueSummary } from '../revenue/revenue-summary.js';",
      "import { timeRangeConditions } from '../stats/time-range.js';",
      'export const x = [GoalRepository, classifyChannel, revenueSummary, timeRangeConditions];',
      '',
    ].join('\n');
    expect(await layerMessages('src/webhooks/planted.ts', code)).toEqual([]);
  });

  it('keeps revenue/ a library: it imports no feature', async () => {
    const code = "import { GoalRepository } from '../goals/index.js';\nexport const x = GoalRepository;\n";
    const messages = await layerMessages('src/revenue/planted.ts', code);
    expect(messages.some((message) => message.startsWith('loupe/layers: revenue/ is the shared library of money'))).toBe(true);
  });

  it('accepts imports that point down', async () => {
    const code = "import { projectPath } from '../platform/project-path.js';\nimport { z } from 'zod';\nexport const x = [projectPath, z];\n";
    expect(await layerMessages('src/sites/planted.ts', code)).toEqual([]);
  });
});
