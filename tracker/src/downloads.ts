// File downloads: a click on a link whose path ends in one of the site's download extensions becomes a
// `file_download` custom event with the file's URL and the link's text, like an outbound click.
import type { Core } from './types.js';

/** The extension of a URL's path, lower case, '' without one. */
export function extensionOf(href: string): string {
  const path = new URL(href, location.href).pathname;
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
}

export function watchDownloads(core: Core): void {
  const extensions = core.c.downloadExtensions || [];
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a');
    if (!link || !/^https?:/.test(link.href)) return;
    try {
      if (extensions.includes(extensionOf(link.href))) {
        core.t('custom_event', 'file_download', { url: link.href, text: link.innerText.trim().slice(0, 200) });
      }
    } catch {
      // A URL the browser cannot parse: not a download we can name.
    }
  }, true);
}
