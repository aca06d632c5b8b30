// Lint rules that keep Loupe's imports pointing down its layers: `layers` (which folders may import which),
// `feature-entry` (a feature is imported only through its public entry, index.ts), `inside-src` and `no-cycle`
// (no module, and no top folder of src/, reaches itself again through its imports, type-only imports included).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');

/**
 * Each rule: files under `from` (a folder of src/) may not import anything under one of `forbidden`
 * (folders of src/), except paths under one of `allowed`. Tests are exempt: they may reach anywhere.
 */
const LAYER_RULES = [
  {
    from: 'platform',
    forbidden: [''],
    allowed: ['platform'],
    message: 'platform/ is the bottom layer: it imports no feature folder',
  },
  {
    from: 'stats',
    forbidden: [''],
    allowed: ['stats', 'platform'],
    message: 'stats/ is the query engine: it imports only platform/',
  },
  {
    from: 'classifiers',
    forbidden: [''],
    allowed: ['classifiers', 'platform'],
    message: 'classifiers/ is the shared library of parsers and classifiers (and the reader of the catalogs folder): it imports only platform/',
  },
  {
    from: 'revenue',
    forbidden: [''],
    allowed: ['revenue', 'platform'],
    message: 'revenue/ is the shared library of money (exact amounts, currencies, rates): it imports only platform/',
  },
  {
    from: 'reports',
    forbidden: ['ingestion', 'webhooks', 'mcp', 'cli', 'app.ts', 'main.ts'],
    allowed: [],
    message: 'reports/ reads the stores through stats/; it does not import ingestion/, webhooks/, mcp/ or the entry points',
  },
  {
    from: '',
    forbidden: ['app.ts', 'main.ts', 'cli'],
    allowed: [],
    message: 'only the entry points import app.ts, main.ts and cli/',
    exceptFrom: ['app.ts', 'main.ts', 'cli'],
  },
];

/** A test beside the code. Test helpers live under test/, outside src/: no folder of src/ is exempt. */
function isTestFile(file) {
  return /\.test\.ts$/.test(file);
}

/** The source file a relative specifier names (`./x.js` is written for `./x.ts`), or undefined for packages. */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(dirname(fromFile), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('.ts')) ?? target;
}

/** `src/a/b.ts` -> `a/b.ts`; undefined outside src/. */
function srcRelative(file) {
  const path = relative(SRC, file);
  return path.startsWith('..') ? undefined : path.split(sep).join('/');
}

function under(path, folder) {
  return folder === '' || path === folder || path.startsWith(`${folder}/`);
}

function layerViolation(fromFile, targetFile) {
  const from = srcRelative(fromFile);
  const to = srcRelative(targetFile);
  if (from === undefined || to === undefined || isTestFile(fromFile)) return undefined;
  for (const rule of LAYER_RULES) {
    if (!under(from, rule.from)) continue;
    if ((rule.exceptFrom ?? []).some((folder) => under(from, folder))) continue;
    if (!rule.forbidden.some((folder) => under(to, folder))) continue;
    if (rule.allowed.some((folder) => under(to, folder))) continue;
    return rule.message;
  }
  return undefined;
}

// The module graph, read from the files themselves once per lint process (all imports, type-only included).
const IMPORT_PATTERN = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const edgesByFile = new Map();

function edgesOf(file) {
  let edges = edgesByFile.get(file);
  if (edges) return edges;
  edges = [];
  edgesByFile.set(file, edges);
  if (!existsSync(file)) return edges;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const target = resolveSpecifier(file, match[1] ?? match[2]);
    if (target && srcRelative(target) !== undefined && !isTestFile(target)) edges.push(target);
  }
  return edges;
}

/** A path from `start` back to `origin` through the nodes `next(node)` names, or undefined when none exists. */
function pathBack(start, origin, next) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [node, path] = stack.pop();
    if (node === origin) return path;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const neighbour of next(node)) stack.push([neighbour, [...path, neighbour]]);
  }
  return undefined;
}

/** The top folder of src/ a module belongs to (`reports/x/y.ts` -> `reports`; `app.ts` -> `app.ts`). */
function folderOf(file) {
  return srcRelative(file).split('/')[0];
}

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !isTestFile(path) ? [path] : [];
  });
}

// Which top folders of src/ import which, over every module (read once per lint process).
let folderEdges;

function folderGraph() {
  if (folderEdges) return folderEdges;
  folderEdges = new Map();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    const targets = folderEdges.get(from) ?? new Set();
    folderEdges.set(from, targets);
    for (const target of edgesOf(file)) if (folderOf(target) !== from) targets.add(folderOf(target));
  }
  return folderEdges;
}

function importSources(node) {
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? [node.source] : [];
  return node.source ? [node.source] : [];
}

function visitImports(check) {
  const visit = (node) => {
    for (const source of importSources(node)) {
      if (typeof source.value === 'string') check(node, source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const layers = {
  meta: { type: 'problem', docs: { description: 'imports point down the layers' }, schema: [] },
  create(context) {
    const file = context.filename;
    return visitImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      const message = target && layerViolation(file, target);
      if (message) context.report({ node, message: `${message} (imports ${srcRelative(target)})` });
    });
  },
};

/**
 * `inside-src`: the server's modules import nothing of the project outside src/ (the dashboard's and tracker's
 * build scripts import src/, so importing them back would make a circle and load Vite or esbuild into the
 * server): a build is asked for by running its script (platform/build-freshness/run-build-script.ts).
 */
const insideSrc = {
  meta: { type: 'problem', docs: { description: 'src/ imports nothing of the project outside src/' }, schema: [] },
  create(context) {
    const file = resolve(context.filename);
    if (srcRelative(file) === undefined || isTestFile(file)) return {};
    return visitImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (target && srcRelative(target) === undefined) {
        context.report({ node, message: `src/ imports nothing outside src/ (imports ${relative(ROOT, target).split(sep).join('/')}); run a build script instead of importing it` });
      }
    });
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycles between modules of src/' }, schema: [] },
  create(context) {
    const file = resolve(context.filename);
    if (srcRelative(file) === undefined || isTestFile(file)) return {};
    return visitImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (!target || srcRelative(target) === undefined || isTestFile(target)) return;
      const cycle = pathBack(target, file, edgesOf);
      if (cycle) {
        const names = [file, ...cycle].map((path) => srcRelative(path)).join(' -> ');
        context.report({ node, message: `import cycle: ${names}` });
        return;
      }
      const from = folderOf(file);
      const to = folderOf(target);
      const folderCycle = from === to ? undefined : pathBack(to, from, (folder) => folderGraph().get(folder) ?? []);
      if (folderCycle) {
        context.report({ node, message: `folder cycle: ${[from, ...folderCycle].join(' -> ')} (imports ${srcRelative(target)})` });
      }
    });
  },
};

/** The shared libraries below the features: any module may import their files directly. */
const LIBRARIES = new Set(['platform', 'stats', 'classifiers', 'revenue']);

/** A feature: a top folder of src/ that is not a shared library (`reports`, `sites`, `ingestion`, `cli`, ...). */
function isFeatureFolder(folder) {
  return !LIBRARIES.has(folder) && !folder.endsWith('.ts');
}

/**
 * `feature-entry`: a feature's insides are its own. Anything outside a feature (another feature, app.ts, cli/)
 * imports it through its one public entry, `<feature>/index.ts`; the shared libraries are imported directly.
 */
const featureEntry = {
  meta: { type: 'problem', docs: { description: "other features are imported through their public entry (index.ts)" }, schema: [] },
  create(context) {
    const file = resolve(context.filename);
    if (srcRelative(file) === undefined || isTestFile(file)) return {};
    const from = folderOf(file);
    return visitImports((node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (!target || srcRelative(target) === undefined || isTestFile(target)) return;
      const to = folderOf(target);
      if (to === from || !isFeatureFolder(to) || srcRelative(target) === `${to}/index.ts`) return;
      context.report({ node, message: `${to}/ is another feature: import it through its public entry ${to}/index.ts (imports ${srcRelative(target)})` });
    });
  },
};

export default { rules: { layers, 'no-cycle': noCycle, 'inside-src': insideSrc, 'feature-entry': featureEntry } };
