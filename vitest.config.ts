import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ensureTestCertificate } from './test/helpers/test-certificate.js';
import { TEST_CERT_DIR } from './test/helpers/test-cert-dir.js';

// Webhook tests deliver to a real HTTPS receiver with a self-signed certificate: the workers trust it
// through NODE_EXTRA_CA_CERTS, which Node reads only at start-up, so it is set before they are forked.
const certificate = ensureTestCertificate(TEST_CERT_DIR);
process.env.NODE_EXTRA_CA_CERTS = certificate.certPath;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts', 'tracker/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['node_modules/**', join('dist', '**')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
