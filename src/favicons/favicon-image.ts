// What a fetched favicon may be: a raster image recognised by its first bytes (ICO, PNG, GIF, JPEG, WebP). The
// type served is the one the bytes show, never the upstream's header; SVG (which may carry script) is refused.

export type FaviconType = 'image/x-icon' | 'image/png' | 'image/gif' | 'image/jpeg' | 'image/webp';

const starts = (bytes: Buffer, ...prefix: number[]) => bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

/** The image type of `bytes`, or undefined for anything else. */
export function faviconType(bytes: Buffer): FaviconType | undefined {
  if (starts(bytes, 0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(bytes, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(bytes, 0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}
