// What a GET or HEAD of a tracker file answers, from its Accept-Encoding and If-None-Match headers.
import { chooseContentCoding, type ContentCoding } from './content-coding.js';
import type { TrackerAsset } from './tracker-asset.js';

export const TRACKER_CACHE_CONTROL = 'public, max-age=3600';
export const TRACKER_CONTENT_TYPE = 'application/javascript; charset=utf-8';

export type AssetAnswer =
  | { readonly kind: 'body'; readonly coding: ContentCoding; readonly etag: string; readonly body: Buffer }
  | { readonly kind: 'not-modified'; readonly etag: string }
  | { readonly kind: 'not-acceptable' };

/** If-None-Match (a list of entity tags, or `*`) matched with the weak comparison RFC 9110 asks for. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

export function answerAssetRequest(asset: TrackerAsset, headers: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined }): AssetAnswer {
  const coding = chooseContentCoding(headers.acceptEncoding);
  if (coding === undefined) return { kind: 'not-acceptable' };
  const variant = asset.variants[coding];
  if (matchesIfNoneMatch(headers.ifNoneMatch, variant.etag)) return { kind: 'not-modified', etag: variant.etag };
  return { kind: 'body', coding, etag: variant.etag, body: variant.body };
}
