// Referrer host extraction, display domain and self-referral clearing.
import { describe, expect, it } from 'vitest';
import { cleanReferrer, normalizeHost, referrerDomain, referrerHost } from './referrer.js';

describe('cleanReferrer', () => {
  it.each([
    ['https://www.google.com/', 'example.com', 'https://www.google.com/'],
    ['https://example.com/pricing', 'example.com', ''],
    ['https://www.example.com/pricing', 'example.com', ''],
    ['https://example.com/pricing', 'www.example.com', ''],
    ['https://EXAMPLE.com./', 'Example.COM', ''],
    ['http://example.com:8080/a', 'example.com', ''],
    ['https://blog.example.com/post', 'example.com', 'https://blog.example.com/post'],
    ['https://example.com/', 'app.example.com', 'https://example.com/'],
    ['  https://news.ycombinator.com/item?id=1  ', 'example.com', 'https://news.ycombinator.com/item?id=1'],
    ['android-app://com.google.android.gm/', 'example.com', 'android-app://com.google.android.gm/'],
    ['http://localhost:3000/', 'localhost', ''],
    ['', 'example.com', ''],
    ['not a url', 'example.com', ''],
    ['google.com', 'example.com', ''],
    ['about:blank', 'example.com', ''],
    ['file:///home/me/page.html', 'example.com', ''],
    ['https://', 'example.com', ''],
  ])('%j on %j -> %j', (referrer, hostname, expected) => {
    expect(cleanReferrer(referrer, hostname)).toBe(expected);
  });
});

describe('referrerDomain', () => {
  it.each([
    ['https://www.google.com/search?q=x', 'google.com'],
    ['https://news.ycombinator.com/', 'news.ycombinator.com'],
    ['https://L.Facebook.com/l.php?u=x', 'l.facebook.com'],
    ['https://www.bbc.co.uk./news', 'bbc.co.uk'],
    ['https://www2.example.org/', 'www2.example.org'],
    ['http://[2001:db8::1]:8080/', '[2001:db8::1]'],
    ['android-app://com.slack/', 'com.slack'],
    ['', ''],
    ['%%%', ''],
  ])('%j -> %j', (referrer, expected) => {
    expect(referrerDomain(referrer)).toBe(expected);
    expect(referrerHost(referrer)).toBe(expected);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['WWW.Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    ['www.', 'www'],
    ['wwwexample.com', 'wwwexample.com'],
  ])('%j -> %j', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });
});
