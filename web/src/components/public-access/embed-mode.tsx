// Embed mode (`?embed=true`): a site's pages without the frame (no header, no navigation), for an iframe on a page
// the site's embedOrigins allow; `theme=light|dark` fixes the colours and `background=<hex>` the page's background.
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { fixTheme } from '../theme/theme';

export interface EmbedOptions {
  readonly theme: 'light' | 'dark' | undefined;
  /** A CSS colour `#rgb`, `#rrggbb` or `#rrggbbaa`, or `transparent`. */
  readonly background: string | undefined;
}

const HEX_COLOUR = /^[0-9a-f]{3}([0-9a-f]{3}([0-9a-f]{2})?)?$/i;

/** The embed options of a query string, or undefined when the page is not in embed mode. */
export function embedOptionsOf(search: string): EmbedOptions | undefined {
  const params = new URLSearchParams(search);
  if (params.get('embed') !== 'true') return undefined;
  const theme = params.get('theme');
  const background = params.get('background') ?? '';
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : undefined,
    background: background === 'transparent' ? 'transparent' : HEX_COLOUR.test(background) ? `#${background}` : undefined,
  };
}

const EMBED_PARAMETERS = ['embed', 'theme', 'background'] as const;

/** `search` with the embed parameters of `from` put back (those it has already are kept). */
export function withEmbedParameters(search: string, from: string): string {
  const next = new URLSearchParams(search);
  const source = new URLSearchParams(from);
  for (const name of EMBED_PARAMETERS) {
    const value = source.get(name);
    if (value !== null && !next.has(name)) next.set(name, value);
  }
  const text = next.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The embed options, kept across the frame's own links: a page of the frame opened in embed mode stays in it when
 * a link or a control leads to another page without `embed=true` (the URL gets the parameters back at once, so a
 * reload or a copied address stays embedded too). Used by the site pages' guard, which stays mounted between them.
 */
export function useStickyEmbedOptions(): EmbedOptions | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = embedOptionsOf(location.search);
  const embedSearch = useRef<string | undefined>(undefined);
  if (fromUrl) embedSearch.current = location.search;
  const kept = embedSearch.current;
  const lost = fromUrl === undefined && kept !== undefined;
  useEffect(() => {
    if (lost) void navigate({ pathname: location.pathname, search: withEmbedParameters(location.search, kept), hash: location.hash }, { replace: true });
  }, [lost, kept, location.pathname, location.search, location.hash, navigate]);
  return fromUrl ?? (kept === undefined ? undefined : embedOptionsOf(kept));
}

/** The page alone, in the theme and on the background asked for (restored when the page leaves embed mode). */
export function EmbedFrame({ options }: { options: EmbedOptions }) {
  useEffect(() => {
    fixTheme(options.theme);
    if (options.background) document.body.style.background = options.background;
    return () => {
      fixTheme(undefined);
      document.body.style.background = '';
    };
  }, [options.theme, options.background]);
  return (
    <main id="main" className="px-3 py-3" data-embed="true">
      <Outlet />
    </main>
  );
}
