// Each tracker file held in memory with its brotli and gzip variants, compressed once at the highest settings.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ContentCoding } from './content-coding.js';
import type { TrackerFiles } from './ensure-fresh-bundle.js';

export interface AssetVariant {
  readonly body: Buffer;
  /** Strong: a different one per coding, since each variant has different bytes. */
  readonly etag: string;
}

export interface TrackerAsset {
  readonly name: string;
  readonly variants: Readonly<Record<ContentCoding, AssetVariant>>;
}

const ETAG_HEX_LENGTH = 32;

function compress(bytes: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** The files of a build, ready to serve; `name` is the manifest's file name, `sha256` its content hash. */
export function prepareTrackerAssets(bundle: TrackerFiles): Map<string, TrackerAsset> {
  const assets = new Map<string, TrackerAsset>();
  for (const [name, bytes] of bundle.files) {
    const tag = bundle.manifest.files[name]?.sha256.slice(0, ETAG_HEX_LENGTH) ?? '';
    const { br, gzip } = compress(bytes);
    assets.set(name, {
      name,
      variants: {
        identity: { body: bytes, etag: `"${tag}"` },
        br: { body: br, etag: `"${tag}-br"` },
        gzip: { body: gzip, etag: `"${tag}-gzip"` },
      },
    });
  }
  return assets;
}
