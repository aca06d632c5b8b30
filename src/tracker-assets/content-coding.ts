// Content-coding negotiation (RFC 9110 section 12.5.3): which stored variant of a file answers an Accept-Encoding header.

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Ties between equally acceptable codings go to the smallest variant first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];
const MAX_ENTRIES = 64;
const IMPLICIT_IDENTITY_WEIGHT = 0.0001;

/** `1`, `0`, `0.5`, `1.000`: the qvalue grammar, parsed without a regular expression. */
function parseQValue(text: string): number | undefined {
  const value = text.trim();
  if (value.length === 0 || value.length > 5) return undefined;
  const [whole, fraction = '', ...rest] = value.split('.');
  if (rest.length > 0 || (whole !== '0' && whole !== '1') || fraction.length > 3) return undefined;
  for (const char of fraction) if (char < '0' || char > '9') return undefined;
  const q = Number(`${whole}.${fraction || '0'}`);
  return q > 1 ? undefined : q;
}

/** Coding name (lower case, `x-gzip` read as `gzip`) -> its qvalue; malformed entries are skipped, the first mention wins. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of header.split(',').slice(0, MAX_ENTRIES)) {
    const [rawName = '', ...params] = entry.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'x-gzip') name = 'gzip';
    let q: number | undefined = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') q = parseQValue(value);
    }
    if (q !== undefined && !weights.has(name)) weights.set(name, q);
  }
  return weights;
}

function weightOf(coding: ContentCoding, weights: Map<string, number>): number {
  const own = weights.get(coding);
  if (own !== undefined) return own;
  const any = weights.get('*');
  if (any !== undefined) return any;
  // Unlisted identity stays acceptable but comes last (below the smallest qvalue, 0.001); other codings must be listed.
  return coding === 'identity' ? IMPLICIT_IDENTITY_WEIGHT : 0;
}

/**
 * The coding to answer with, or undefined when the header excludes every one (identity included).
 * No header means identity; an empty header means identity only.
 */
export function chooseContentCoding(header: string | undefined): ContentCoding | undefined {
  if (header === undefined) return 'identity';
  const weights = parseAcceptEncoding(header);
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding, weights);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
