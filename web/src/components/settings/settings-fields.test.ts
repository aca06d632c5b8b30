// The settings forms' line splitting.
import { describe, expect, it } from 'vitest';
import { linesOf, permissionsOf, scopesText } from './settings-fields';

describe('linesOf', () => {
  it.each([
    ['', []],
    ['\n \n', []],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.1 \n\n203.0.113.0/24\r\n', ['10.0.0.1', '203.0.113.0/24']],
  ])('%j -> %j', (text, lines) => {
    expect(linesOf(text)).toEqual(lines);
  });
});

describe('permissionsOf and scopesText', () => {
  it.each([
    [[], undefined, 'Full access'],
    [['analytics:read'], { analytics: ['read'] }, 'analytics:read'],
    [['users:read', 'users:write', 'ingest:write'], { users: ['read', 'write'], ingest: ['write'] }, 'users:read, users:write, ingest:write'],
  ])('%j', (scopes, permissions, text) => {
    expect(permissionsOf(scopes)).toEqual(permissions);
    expect(scopesText(permissions)).toBe(text);
  });
});
