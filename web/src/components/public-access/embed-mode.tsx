// Embed mode (`?embed=true`): a site's pages without the frame (no header, no navigation), for an iframe on a page
// the site's embedOrigins allow; `theme=light|dark` fixes the colours and `background=<hex>` the page's background.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
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

export function useEmbedOptions(): EmbedOptions | undefined {
  return embedOptionsOf(useLocation().search);
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
