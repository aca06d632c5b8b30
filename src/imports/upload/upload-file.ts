// An uploaded export file written to a private folder as it arrives, refused past a size limit; the file
// readers then read it from disk like a file given to `loupe import` (a ZIP is read from its end).
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../platform/http/app-errors.js';

export class UploadTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(413, `The file is larger than the upload limit of ${Math.floor(maxBytes / 1024 / 1024)} MB (IMPORT_UPLOAD_MAX_MB); import it with \`loupe import\``);
  }
}

export interface StoredUpload {
  readonly path: string;
  readonly bytes: number;
  /** Removes the file with its folder. */
  remove(): Promise<void>;
}

/** Streams `body` into `dir/name` (a folder of its own; the file mode 0600), counting bytes; past `maxBytes` the folder is removed and a 413 thrown. */
export async function storeUpload(body: Readable, dir: string, name: string, maxBytes: number): Promise<StoredUpload> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  const remove = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new UploadTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path, bytes, remove };
}
