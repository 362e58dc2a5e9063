import { describe, expect, it } from 'vitest';
import { nearestMemento, readMementoAnswer, readTimeGateAnswer, timeGateRequest } from '../../src/sources/memento.js';
import { parseLinks } from '../../src/sources/link-format.js';

const gate = 'https://web.archive.org/web/https://example.org/page';

describe('Memento', () => {
  it('asks a TimeGate for noon UTC of the day a source was read', () => {
    expect(timeGateRequest('https://web.archive.org/web/', 'https://example.org/page', '2026-01-10')).toEqual({ url: gate, acceptDatetime: 'Sat, 10 Jan 2026 12:00:00 GMT' });
  });

  it('takes the selected Memento and its datetime from a 302 and its Link header', () => {
    const link =
      '<https://example.org/page>; rel="original", <https://web.archive.org/web/timemap/link/https://example.org/page>; rel="timemap"; type="application/link-format", ' +
      '<https://web.archive.org/web/20260109083012/https://example.org/page>; rel="memento"; datetime="Fri, 09 Jan 2026 08:30:12 GMT", ' +
      '<https://web.archive.org/web/20260201000000/https://example.org/page>; rel="next memento"; datetime="Sun, 01 Feb 2026 00:00:00 GMT"';
    expect(readTimeGateAnswer({ url: gate, status: 302, location: '/web/20260109083012/https://example.org/page', link }, '2026-01-10')).toEqual({
      kind: 'found',
      url: 'https://web.archive.org/web/20260109083012/https://example.org/page',
      datetime: '2026-01-09T08:30:12Z',
    });
  });

  it('asks the Memento itself when the Link header does not give the datetime', () => {
    const step = readTimeGateAnswer({ url: gate, status: 302, location: 'https://archive.example/m/1', link: '<https://example.org/page>; rel="original"' }, '2026-01-10');
    expect(step).toEqual({ kind: 'follow', url: 'https://archive.example/m/1' });
    expect(readMementoAnswer({ url: 'https://archive.example/m/1', status: 200, mementoDatetime: 'Fri, 09 Jan 2026 08:30:12 GMT' })).toEqual({ kind: 'found', url: 'https://archive.example/m/1', datetime: '2026-01-09T08:30:12Z' });
    expect(readMementoAnswer({ url: 'https://archive.example/m/1', status: 200 })).toEqual({ kind: 'error', error: { kind: 'bad-response', detail: 'the archived copy has no valid Memento-Datetime header' } });
    expect(readMementoAnswer({ url: 'https://archive.example/m/1', status: 503 }).kind).toBe('error');
  });

  it('reads 404 as no copy, and other answers as errors', () => {
    expect(readTimeGateAnswer({ url: gate, status: 404 }, '2026-01-10')).toEqual({ kind: 'none' });
    expect(readTimeGateAnswer({ url: gate, status: 302 }, '2026-01-10')).toEqual({ kind: 'error', error: { kind: 'bad-redirect', detail: 'the TimeGate answered 302 without a usable Location' } });
    expect(readTimeGateAnswer({ url: gate, status: 302, location: 'javascript:alert(1)' }, '2026-01-10').kind).toBe('error');
    expect(readTimeGateAnswer({ url: gate, status: 429 }, '2026-01-10')).toEqual({ kind: 'error', error: { kind: 'rate-limited', detail: 'the TimeGate answered 429 Too Many Requests' } });
    expect(readTimeGateAnswer({ url: gate, status: 400 }, '2026-01-10')).toEqual({ kind: 'error', error: { kind: 'http', detail: 'the TimeGate answered HTTP 400' } });
    expect(readTimeGateAnswer({ url: gate, status: 200 }, '2026-01-10').kind).toBe('error');
  });

  it('reads a 200 that is itself a Memento, or that lists Mementos', () => {
    expect(readTimeGateAnswer({ url: gate, status: 200, mementoDatetime: 'Fri, 09 Jan 2026 08:30:12 GMT' }, '2026-01-10')).toEqual({ kind: 'found', url: gate, datetime: '2026-01-09T08:30:12Z' });
    const link = '<https://a.example/1>; rel="first memento"; datetime="Mon, 01 Jan 2024 00:00:00 GMT", <https://a.example/2>; rel="last memento"; datetime="Thu, 15 Jan 2026 00:00:00 GMT"';
    expect(readTimeGateAnswer({ url: gate, status: 200, link }, '2026-01-10')).toEqual({ kind: 'found', url: 'https://a.example/2', datetime: '2026-01-15T00:00:00Z' });
  });

  it('chooses the Memento nearest a moment in a TimeMap, the earlier of two as near', () => {
    const timemap = parseLinks(
      '<https://a.example/>;rel="original",\n<https://a.example/m1>;rel="first memento";datetime="Tue, 06 Jan 2026 12:00:00 GMT",\n<https://a.example/m2>;rel="memento";datetime="Wed, 14 Jan 2026 12:00:00 GMT",\n<m3>;rel="last memento";datetime="not a date"',
    );
    expect(nearestMemento(timemap, 'https://a.example/timemap', new Date('2026-01-10T12:00:00Z'))).toEqual({ url: 'https://a.example/m1', datetime: '2026-01-06T12:00:00Z' });
    expect(nearestMemento(timemap, 'https://a.example/timemap', new Date('2026-01-13T00:00:00Z'))).toEqual({ url: 'https://a.example/m2', datetime: '2026-01-14T12:00:00Z' });
    expect(nearestMemento([], 'https://a.example/', new Date())).toBeUndefined();
  });
});
