// Each tracker file held in memory with its brotli and gzip variants, compressed once per process at the highest
// settings.
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

type Compressed = { readonly br: Buffer; readonly gzip: Buffer };

/**
 * Compressed variants by content hash, shared by the apps of one process: brotli at its highest quality costs about
 * 0.3 s of CPU for the tracker's files, paid again by every app a process starts (a test worker starts hundreds)
 * although the bytes are the same. Bounded: a build has a handful of files.
 */
const compressedByHash = new Map<string, Compressed>();
const MAX_REMEMBERED = 64;

function compressOnce(sha256: string, bytes: Buffer): Compressed {
  const known = compressedByHash.get(sha256);
  if (known) return known;
  const made = compress(bytes);
  if (compressedByHash.size >= MAX_REMEMBERED) {
    const oldest = compressedByHash.keys().next().value;
    if (oldest !== undefined) compressedByHash.delete(oldest);
  }
  compressedByHash.set(sha256, made);
  return made;
}

function compress(bytes: Buffer): Compressed {
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
    // The bundle's files were checked against these hashes when it was read (ensure-fresh-bundle.ts).
    const sha256 = bundle.manifest.files[name]?.sha256;
    const tag = sha256?.slice(0, ETAG_HEX_LENGTH) ?? '';
    const { br, gzip } = sha256 ? compressOnce(sha256, bytes) : compress(bytes);
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
