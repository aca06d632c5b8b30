// Loads an optional module (patterns.js, spa.js, metrics.js, errors.js, interactions.js) from the directory the core came from.

export function loadModule(dir: string, name: string, ns: string, attributes: Record<string, unknown> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = dir + name + '.js';
  attributes['ns'] = ns;
  // setAttribute writes numbers as digits and null as "null" (which patterns.js reads as no globs).
  for (const key in attributes) script.setAttribute('data-' + key, attributes[key] as string);
  return document.head.appendChild(script);
}

/** In a module: its own script tag (which names the namespace in data-ns). */
export function moduleTag(): Element | null {
  return document.currentScript;
}

/** In a module: the core of the namespace named on the module's own tag. */
export function moduleCore<T>(): T | undefined {
  const ns = moduleTag()?.getAttribute('data-ns') || 'loupe';
  return ((window as unknown as Record<string, { _?: T } | undefined>)[ns] || {})._;
}
