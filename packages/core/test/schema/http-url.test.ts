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

  it('is the one check of the schema, the report reader and the site', () => {
    expect(siteHttpUrl).toBe(httpUrl);
    expect(isHttpUrl(' https://x.org/')).toBe(false);
    expect(HttpUrlSchema.safeParse('https://user:pw@example.org/').success).toBe(false);
    expect(HttpUrlSchema.safeParse('https://example.org/').success).toBe(true);
  });
});
