import { describe, expect, it } from 'vitest';
import { formatHttpDate, parseHttpDate, parseLinks } from '../../src/sources/link-format.js';

describe('parseLinks', () => {
  it('reads a TimeGate Link header whose datetimes hold commas', () => {
    const header =
      '<http://a.example.org/>; rel="original", <http://arxiv.example.net/timemap/http://a.example.org/>; rel="timemap"; type="application/link-format", ' +
      '<http://arxiv.example.net/web/20010911203610/http://a.example.org/>; rel="memento"; datetime="Tue, 11 Sep 2001 20:36:10 GMT", ' +
      '<http://arxiv.example.net/web/19970605124501/http://a.example.org/>;rel="first memento";datetime="Thu, 05 Jun 1997 12:45:01 GMT"';
    expect(parseLinks(header)).toEqual([
      { uri: 'http://a.example.org/', rel: ['original'], params: {} },
      { uri: 'http://arxiv.example.net/timemap/http://a.example.org/', rel: ['timemap'], params: { type: 'application/link-format' } },
      { uri: 'http://arxiv.example.net/web/20010911203610/http://a.example.org/', rel: ['memento'], params: { datetime: 'Tue, 11 Sep 2001 20:36:10 GMT' } },
      { uri: 'http://arxiv.example.net/web/19970605124501/http://a.example.org/', rel: ['first', 'memento'], params: { datetime: 'Thu, 05 Jun 1997 12:45:01 GMT' } },
    ]);
  });

  it('reads a TimeMap in link-format, one link per line', () => {
    const timemap = [
      '<http://a.example.org>;rel="original",',
      '<http://arxiv.example.net/timemap/http://a.example.org>',
      '  ; rel="self";type="application/link-format"',
      '  ; from="Tue, 20 Jun 2000 18:02:59 GMT"',
      '  ; until="Wed, 09 Apr 2008 20:30:51 GMT",',
      '<http://arxiv.example.net/web/20000620180259/http://a.example.org>',
      '  ; rel="first memento";datetime="Tue, 20 Jun 2000 18:02:59 GMT"',
      '  ; license="http://creativecommons.org/publicdomain/zero/1.0/",',
      '<http://arxiv.example.net/web/20091027204954/http://a.example.org>',
      '   ; rel="last memento";datetime="Tue, 27 Oct 2009 20:49:54 GMT"',
    ].join('\n');
    const links = parseLinks(timemap);
    expect(links.map((link) => link.rel.join(' '))).toEqual(['original', 'self', 'first memento', 'last memento']);
    expect(links[1]!.params).toEqual({ type: 'application/link-format', from: 'Tue, 20 Jun 2000 18:02:59 GMT', until: 'Wed, 09 Apr 2008 20:30:51 GMT' });
    expect(links[2]!.params.license).toBe('http://creativecommons.org/publicdomain/zero/1.0/');
  });

  it('skips malformed link-values and keeps the rest; never throws', () => {
    expect(parseLinks('junk, <https://a.example/>; rel=next, <https://b.example/>; rel="x" bad, <https://c.example/>; rel="prev"; title="a \\"quoted\\", value"')).toEqual([
      { uri: 'https://a.example/', rel: ['next'], params: {} },
      { uri: 'https://c.example/', rel: ['prev'], params: { title: 'a "quoted", value' } },
    ]);
    expect(parseLinks('<https://a.example/>; rel="unclosed')).toEqual([]);
    expect(parseLinks('<https://a.example/')).toEqual([]);
    expect(parseLinks('')).toEqual([]);
    // The first rel wins (RFC 8288, 3.3); names are case-insensitive.
    expect(parseLinks('<x>; REL="a"; rel="b"; Type=t; type=u')).toEqual([{ uri: 'x', rel: ['a'], params: { type: 't' } }]);
  });
});

describe('HTTP dates', () => {
  it('writes IMF-fixdate and reads the three forms', () => {
    expect(formatHttpDate(new Date('2026-01-10T12:00:00Z'))).toBe('Sat, 10 Jan 2026 12:00:00 GMT');
    const moment = '1994-11-06T08:49:37.000Z';
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')?.toISOString()).toBe(moment);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')?.toISOString()).toBe(moment);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')?.toISOString()).toBe(moment);
  });

  it('refuses what is not a real HTTP date', () => {
    for (const value of ['', 'yesterday', '2026-01-10T12:00:00Z', 'Sat, 31 Feb 2026 12:00:00 GMT', 'Sat, 10 Jan 2026 25:00:00 GMT', 'Sat, 10 Foo 2026 12:00:00 GMT']) {
      expect(parseHttpDate(value), value).toBeUndefined();
    }
  });
});
