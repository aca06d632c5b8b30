// The web app's lint rules: a component importing a page, view state or the API importing UI, a hook called
// conditionally and an effect missing a dependency fail lint; the tree as it is passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';

const eslint = new ESLint({ cwd: projectPath() });

/** The messages of the web rules for `code` linted as if it were the file at `path` (relative to the project). */
async function webMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: projectPath(path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('loupe-web/') || message.ruleId?.startsWith('react-hooks/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web import direction', () => {
  it.each([
    ['web/src/components/goals/planted.tsx', "import { GoalsPage } from '../../routes/goals';\nexport const x = GoalsPage;\n", "loupe-web/web-layers: components/ never import a page (routes/): move what both need below both (imports ../../routes/goals)"],
    ['web/src/components/planted.ts', "export const load = () => import('../routes/site');\n", "loupe-web/web-layers: components/ never import a page (routes/): move what both need below both (imports ../routes/site)"],
    ['web/src/view-state/planted.ts', "import { Card } from '../components/card';\nexport const x = Card;\n", 'loupe-web/web-layers: view-state/ holds the URL state only: it imports no page or component (imports ../components/card)'],
    ['web/src/api/planted.ts', "import { readViewState } from '../view-state/url-state';\nexport const x = readViewState;\n", 'loupe-web/web-layers: api/ is the bottom of the web app: it imports no page, component or view state (imports ../view-state/url-state)'],
  ])('refuses an upward import in %s', async (path, code, expected) => {
    expect(await webMessages(path, code)).toEqual([expected]);
  });

  it('refuses a hook called conditionally (react-hooks/rules-of-hooks)', async () => {
    const code = "import { useState } from 'react';\nexport function Planted({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    const messages = await webMessages('web/src/components/planted.tsx', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^react-hooks\/rules-of-hooks: React Hook "useState" is called conditionally/);
  });

  it('refuses an effect that leaves out a value it reads (react-hooks/exhaustive-deps)', async () => {
    const code = "import { useEffect } from 'react';\nexport function Planted({ title }: { title: string }) {\n  useEffect(() => {\n    document.title = title;\n  }, []);\n  return null;\n}\n";
    const messages = await webMessages('web/src/components/planted.tsx', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^react-hooks\/exhaustive-deps: React Hook useEffect has a missing dependency: 'title'/);
  });

  it('accepts a page importing components, view state and the API', async () => {
    const code = "import { Card } from '../components/card';\nimport { readViewState } from '../view-state/url-state';\nimport { useReport } from '../api/report-query';\nexport const x = [Card, readViewState, useReport];\n";
    expect(await webMessages('web/src/routes/planted.tsx', code)).toEqual([]);
  });

  it('finds nothing in the web app as it is', async () => {
    const results = await eslint.lintFiles(['web/src/**/*.{ts,tsx}']);
    const found = results.flatMap((result) => result.messages.map((message) => `${result.filePath}: ${message.ruleId}: ${message.message}`));
    expect(found).toEqual([]);
  });
});
