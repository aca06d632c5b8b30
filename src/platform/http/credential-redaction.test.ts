// Table tests of log redaction: which names are credentials, URLs, and whole log lines.
import { describe, expect, it } from 'vitest';
import { isCredentialName, redactCredentials, redactUrl } from './credential-redaction.js';

const KEY = 'lpo_AbCdEfGhIjKlMnOpQrStUvWxYz';

describe('isCredentialName', () => {
  it.each([
    ['api_key', true], ['apiKey', true], ['API-KEY', true], ['key', true], ['x-api-key', true], ['api%5Fkey', true],
    ['token', true], ['access_token', true], ['better-auth.session_token', true], ['secret', true], ['client_secret', true],
    ['password', true], ['newPassword', true], ['session', true], ['authorization', true], ['Proxy-Authorization', true],
    ['cookie', true], ['set-cookie', true], ['signature', true], ['auth', true],
    ['period', false], ['date', false], ['filters', false], ['site_id', false], ['keyId', false], ['limit', false],
    ['', false], ['%', false], ['msg', false], ['url', false], ['code', false],
  ])('%s -> %s', (name, expected) => {
    expect(isCredentialName(name)).toBe(expected);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/sites/1/stats', '/api/sites/1/stats'],
    [`/api/stats?api_key=${KEY}`, '/api/stats?api_key=[REDACTED]'],
    [`/api/stats?period=7d&api_key=${KEY}&limit=5`, '/api/stats?period=7d&api_key=[REDACTED]&limit=5'],
    [`/api/stats?api%5Fkey=${KEY}`, '/api/stats?api%5Fkey=[REDACTED]'],
    [`/api/stats?API_KEY=${KEY}&api_key=${KEY}`, '/api/stats?API_KEY=[REDACTED]&api_key=[REDACTED]'],
    ['/api/auth/verify-email?token=abc123&callbackURL=/', '/api/auth/verify-email?token=[REDACTED]&callbackURL=/'],
    ['/x?password=hunter2&secret=s&session=t&key=k', '/x?password=[REDACTED]&secret=[REDACTED]&session=[REDACTED]&key=[REDACTED]'],
    ['/x?api_key', '/x?api_key=[REDACTED]'],
    ['/x?api_key=', '/x?api_key=[REDACTED]'],
    ['/x?a=1&&b=2', '/x?a=1&&b=2'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
    ['/api/auth/reset-password/tok3n?callbackURL=/r', '/api/auth/reset-password/[REDACTED]?callbackURL=/r'],
    ['/api/auth/reset-password', '/api/auth/reset-password'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('redactCredentials', () => {
  it.each([
    [`{"msg":"GET /api/stats?api_key=${KEY}&period=7d"}`, '{"msg":"GET /api/stats?api_key=[REDACTED]&period=7d"}'],
    [`{"headers":{"authorization":"Bearer ${KEY}","cookie":"better-auth.session_token=abc.def; theme=dark"}}`, '{"headers":{"authorization":"[REDACTED]","cookie":"[REDACTED]"}}'],
    [`{"x-api-key":"${KEY}","accept":"*/*"}`, '{"x-api-key":"[REDACTED]","accept":"*/*"}'],
    ['{"secret":"whsec_0123456789abcdef","id":"wh_1"}', '{"secret":"[REDACTED]","id":"wh_1"}'],
    ['{"password":"with \\"quotes\\" inside","ok":true}', '{"password":"[REDACTED]","ok":true}'],
    [`{"msg":"better-auth: Invalid callbackURL: https://x.example/cb?token=abc"}`, '{"msg":"better-auth: Invalid callbackURL: https://x.example/cb?token=[REDACTED]"}'],
    [`{"msg":"Set-Cookie: better-auth.session_token=abc.def; Path=/"}`, '{"msg":"Set-Cookie: better-auth.session_token=[REDACTED]; Path=/"}'],
    [`{"err":{"message":"failed with Authorization: Bearer ${KEY}"}}`, '{"err":{"message":"failed with Authorization: Bearer [REDACTED]"}}'],
    [`{"msg":"key ${KEY} and lp_${'a'.repeat(64)} and whsec_abcdefghijkl"}`, '{"msg":"key lpo_[REDACTED] and lp_[REDACTED] and whsec_[REDACTED]"}'],
    ['{"msg":"connect to postgres://loupe:s3cr%40t@db:5432/loupe failed"}', '{"msg":"connect to postgres://loupe:[REDACTED]@db:5432/loupe failed"}'],
    ['{"msg":"redis://:pa55@cache:6379 and https://example.com:8443/x@y"}', '{"msg":"redis://:[REDACTED]@cache:6379 and https://example.com:8443/x@y"}'],
    ['{"level":30,"msg":"request completed","res":{"statusCode":200},"responseTime":1.2}', '{"level":30,"msg":"request completed","res":{"statusCode":200},"responseTime":1.2}'],
    ['{"msg":"help_desk and clp_x and period=7d&date=2026-01-01"}', '{"msg":"help_desk and clp_x and period=7d&date=2026-01-01"}'],
    ['{"code":"FST_ERR_X","url":"/api/x?api_key=[REDACTED]"}', '{"code":"FST_ERR_X","url":"/api/x?api_key=[REDACTED]"}'],
  ])('%s', (line, expected) => {
    expect(redactCredentials(line)).toBe(expected);
  });
});
