// Which members of a verbose tar listing refuse an archive.
import { describe, expect, it } from 'vitest';
import { unsafeMember } from './tar-archive.js';

const file = '-rw-r--r-- root/root        12 2026-03-01 00:00 ./meta.db';
const dir = 'drwxr-xr-x root/root         0 2026-03-01 00:00 ./analytics/';

describe('unsafeMember', () => {
  it('accepts regular files and folders with names inside the archive', () => {
    expect(unsafeMember(`${dir}\n${file}\n`, './analytics/\n./meta.db\n')).toBeUndefined();
  });
  it.each([
    ['lrwxrwxrwx root/root         0 2026-03-01 00:00 ./secrets -> /etc/passwd'],
    ['hrw-r--r-- root/root         0 2026-03-01 00:00 ./a link to ./meta.db'],
    ['prw-r--r-- root/root         0 2026-03-01 00:00 ./fifo'],
    ['crw-r--r-- root/root       1,3 2026-03-01 00:00 ./null'],
  ])('refuses %s', (line) => {
    expect(unsafeMember(`${file}\n${line}\n`, './meta.db\n./x\n')).toContain('only regular files and folders are restored');
  });
  it.each(['/etc/passwd', './../escape', 'a/../../b'])('refuses the name %s', (name) => {
    expect(unsafeMember(`${file}\n`, `${name}\n`)).toContain('a name outside the archive');
  });
});
