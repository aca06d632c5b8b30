// A self-signed certificate for localhost/127.0.0.1, made once per test run, trusted by the test workers
// through NODE_EXTRA_CA_CERTS (set by vitest.config.ts before the workers start).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCertificate {
  readonly certPath: string;
  readonly keyPath: string;
}

export function ensureTestCertificate(dir: string): TestCertificate {
  const certPath = join(dir, 'localhost-cert.pem');
  const keyPath = join(dir, 'localhost-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '30',
      '-keyout', keyPath, '-out', certPath, '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext', 'basicConstraints=critical,CA:TRUE',
    ], { stdio: 'ignore' });
  }
  return { certPath, keyPath };
}
