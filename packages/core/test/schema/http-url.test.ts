import { describe, expect, it } from 'vitest';
import { httpUrl, isHttpUrl } from '../../src/schema/http-url.js';
import { HttpUrlSchema } from '../../src/schema/sidecars.js';
import { httpUrl as siteHttpUrl } from '../../src/site/safe-url.js';

describe('httpUrl', () => {
  it('accepts absolute http(s) URLs with a host, normalized', () => {
    expect(httpUrl('HTTP://Example.org/a b')).toBe('http://example.org/a%20b');
    expect(httpUrl(' https://jsonlines.org/ ')).toBe('https://jsonlines.org/');
  });

  it('refuses other schemes, credentials, missing hosts and overlong URLs', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '//example.org', 'https://', 'https://user:pw@example.org/', 'ftp://x.org', `https://x.org/${'a'.repeat(2_000)}`]) {
      expect(httpUrl(value), value).toBeUndefined();
    }
  });

  it("refuses a URL that reads otherwise than it goes: a backslash (read as a slash), an invisible or bidi character (an outside reviewer's finding)", () => {
    for (const value of ['https://evil.example\\@jsonlines.org/', 'https://x.org/\u202e', 'https://x.org/a\u200bb', 'https://jsonlines.org\t.evil.example/', 'https://x.org/a\nb']) {
      expect(httpUrl(value), value).toBeUndefined();
      const parsed = HttpUrlSchema.safeParse(value);
      expect(parsed.success, value).toBe(false);
      expect(parsed.error!.issues[0]!.message, value).toMatch(/^must not hold a backslash/);
    }
    // Percent-encoded, they are what they read.
    expect(httpUrl('https://x.org/a%5Cb')).toBe('https://x.org/a%5Cb');
  });

  it('is the one check of the schema, the report reader and the site', () => {
    expect(siteHttpUrl).toBe(httpUrl);
    expect(isHttpUrl(' https://x.org/')).toBe(false);
    expect(HttpUrlSchema.safeParse('https://user:pw@example.org/').success).toBe(false);
    expect(HttpUrlSchema.safeParse('https://example.org/').success).toBe(true);
  });
});
