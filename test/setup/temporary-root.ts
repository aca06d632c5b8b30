// Where the tests' temporary folders go (every DATA_DIR, spool, export and browser profile): a memory-backed folder
// when the machine has one with room to spare, so that the stores' fsyncs, which a test never needs to survive a
// power cut, cost nothing; otherwise the system's temporary folder. A process killed with SIGKILL keeps what it
// wrote either way, so the crash tests test the same thing.
import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEMORY_FOLDER = '/dev/shm';
const ROOM_NEEDED_BYTES = 4 * 1024 ** 3;

export function testTemporaryRoot(): string {
  try {
    accessSync(MEMORY_FOLDER, constants.W_OK);
    const stats = statfsSync(MEMORY_FOLDER);
    if (stats.bavail * stats.bsize < ROOM_NEEDED_BYTES) return tmpdir();
    const root = join(MEMORY_FOLDER, 'loupe-tests');
    mkdirSync(root, { recursive: true, mode: 0o700 });
    return root;
  } catch {
    return tmpdir();
  }
}
