// The key that signs proofs of a private link's password: derived from the instance secret (HKDF), so a restart
// keeps proofs valid and another instance sharing the secret accepts them.
import { hkdfSync } from 'node:crypto';

export function privateLinkProofKey(instanceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', instanceSecret, 'loupe', 'loupe-private-link-proof', 32));
}
