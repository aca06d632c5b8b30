// Which names the favicon proxy fetches for: a DNS host name of at least two labels, never an IP literal, a port,
// a path or credentials. Checked without a backtracking pattern (labels are split and each is tested alone).
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The lowercased host name, or undefined when `raw` is not one the proxy may fetch a favicon for. */
export function faviconDomain(raw: string): string | undefined {
  const host = raw.trim().toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  // An all-digit last label is an IPv4 address (or a form of one), never a registrable name.
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined;
  return host;
}
