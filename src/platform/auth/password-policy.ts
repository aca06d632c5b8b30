// Refuses the passwords an attacker tries first: shorter than MIN_PASSWORD_LENGTH (better-auth checks the
// length) or listed among the most common ones (catalogs/common-passwords.json), wherever an account's
// password is set: sign-up, reset and change.
import { readFileSync } from 'node:fs';
import { APIError } from 'better-auth/api';
import { projectPath } from '../project-path.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** better-auth endpoint -> the body field holding the password it sets. */
const PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used passwords, which attackers try first. Choose another: a few unrelated words make a long password that is easy to remember.';

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const table = JSON.parse(readFileSync(projectPath('catalogs', 'common-passwords.json'), 'utf8')) as { passwords?: unknown };
    if (!Array.isArray(table.passwords) || !table.passwords.every((entry) => typeof entry === 'string')) {
      throw new Error('catalogs/common-passwords.json is invalid: expected { "passwords": [string, ...] }');
    }
    common = new Set(table.passwords as string[]);
  }
  return common;
}

/** True when the password (in any letter case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Throws better-auth's 400 when a call to `path` would set a common password; anything else passes. */
export function refuseCommonPassword(path: string, body: unknown): void {
  const field = PASSWORD_FIELDS[path];
  if (field === undefined || typeof body !== 'object' || body === null) return;
  const password = (body as Record<string, unknown>)[field];
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}
