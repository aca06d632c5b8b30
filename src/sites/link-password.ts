// Passwords of private links: scrypt hashes (a random salt each) and their constant-time check.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$<salt>$<hash>` (base64url) of the password. */
export async function hashLinkPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `${PREFIX}$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

/** True when `password` is the one `stored` was made from; false for any malformed stored value. */
export async function linkPasswordMatches(password: string, stored: string): Promise<boolean> {
  const [prefix, saltText, hashText] = stored.split('$');
  if (prefix !== PREFIX || saltText === undefined || hashText === undefined) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
