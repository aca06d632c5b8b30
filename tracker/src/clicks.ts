// Clicks the core handles itself: tagged elements (data-<ns>-event, data-<ns>-prop-<key>) and outbound links.
import type { Sender } from './events.js';

export function watchClicks(send: Sender, ns: string, outbound: false | ((url: string, text: string, target: string) => void)): void {
  const prefix = 'data-' + ns + '-';
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const tagged = target.closest?.('[' + prefix + 'event]');
    if (tagged) {
      const properties: Record<string, string> = {};
      for (const { name, value } of tagged.attributes) if (name.startsWith(prefix + 'prop-')) properties[name.slice(prefix.length + 5)] = value;
      send('custom_event', tagged.getAttribute(prefix + 'event')!, properties);
    }
    const link = target.closest?.('a');
    if (outbound && link && /^http/.test(link.href) && link.host != location.host) {
      outbound(link.href, link.innerText.trim().slice(0, 200), link.target);
    }
  }, true);
}
