// The web app's import direction (`web-layers`): pages (routes/) sit on top and may import everything below;
// components/ (the UI pieces, the report kit, each feature's cards) never import a page; view-state/ (the URL
// state of the report pages) and api/ (the typed API hooks) import no UI; api/ imports no view state either.
// Tests are exempt, as on the server: a test may reach anywhere.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src');

const RULES = [
  { from: 'components', forbidden: ['routes'], message: 'components/ never import a page (routes/): move what both need below both' },
  { from: 'view-state', forbidden: ['routes', 'components'], message: 'view-state/ holds the URL state only: it imports no page or component' },
  { from: 'api', forbidden: ['routes', 'components', 'view-state'], message: 'api/ is the bottom of the web app: it imports no page, component or view state' },
];

/** The first folder of web/src/ a path lies in ('' for a file directly in web/src/), or undefined outside it. */
function webFolder(path) {
  const inside = relative(WEB_SRC, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  const parts = inside.split(sep);
  return parts.length > 1 ? parts[0] : '';
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

function importedSources(node) {
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? [node.source] : [];
  return node.source ? [node.source] : [];
}

const webLayers = {
  meta: { type: 'problem', docs: { description: "the web app's imports point from pages down to components, view state and api" }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = webFolder(file);
    const rule = RULES.find((entry) => entry.from === from);
    if (rule === undefined || isTest(file)) return {};
    const visit = (node) => {
      for (const source of importedSources(node)) {
        if (typeof source.value !== 'string' || !source.value.startsWith('.')) continue;
        const target = webFolder(resolve(dirname(file), source.value));
        if (target !== undefined && rule.forbidden.includes(target)) {
          context.report({ node, message: `${rule.message} (imports ${source.value})` });
        }
      }
    };
    return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
  },
};

export default { rules: { 'web-layers': webLayers } };
