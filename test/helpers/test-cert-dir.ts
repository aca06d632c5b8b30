// Where the test run keeps its self-signed certificate (shared by vitest.config.ts and the receiver).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_CERT_DIR = join(tmpdir(), 'loupe-test-certificate');
