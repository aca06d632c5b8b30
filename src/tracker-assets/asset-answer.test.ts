import { describe, expect, it } from 'vitest';
import { answerAssetRequest, matchesIfNoneMatch } from './asset-answer.js';
import type { TrackerAsset } from './tracker-asset.js';

const asset: TrackerAsset = {
  name: 'script.js',
  variants: {
    identity: { body: Buffer.from('plain'), etag: '"abc"' },
    br: { body: Buffer.from('brotli'), etag: '"abc-br"' },
    gzip: { body: Buffer.from('gzip'), etag: '"abc-gzip"' },
  },
};

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x","abc" ', true],
    ['*', true],
    ['"abc-br"', false],
    ['abc', false],
    ['"ABC"', false],
    ['W/ "abc"', false],
  ])('%j against "abc" -> %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });
});

describe('answerAssetRequest', () => {
  it.each([
    [{ acceptEncoding: 'gzip, br', ifNoneMatch: undefined }, { kind: 'body', coding: 'br', etag: '"abc-br"', body: Buffer.from('brotli') }],
    [{ acceptEncoding: 'gzip', ifNoneMatch: '"abc-br"' }, { kind: 'body', coding: 'gzip', etag: '"abc-gzip"', body: Buffer.from('gzip') }],
    [{ acceptEncoding: 'gzip', ifNoneMatch: '"abc-gzip"' }, { kind: 'not-modified', etag: '"abc-gzip"' }],
    [{ acceptEncoding: undefined, ifNoneMatch: '*' }, { kind: 'not-modified', etag: '"abc"' }],
    [{ acceptEncoding: 'identity;q=0', ifNoneMatch: '"abc"' }, { kind: 'not-acceptable' }],
  ] as const)('%j -> %j', (headers, expected) => {
    expect(answerAssetRequest(asset, headers)).toEqual(expected);
  });
});
