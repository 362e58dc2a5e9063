/**
 * The refresh's politeness and retries, with a fake network and a fake
 * clock: per-host and total limits, the pause between two requests to one
 * host, a host paused by Retry-After, exponential backoff.
 */
import { describe, expect, it } from 'vitest';
import { checkUrl, DEFAULT_ENDPOINTS, retryAfter, type ClientOptions } from '../src/sources/client.js';
import { HttpFault, type HttpAnswer, type HttpRequest } from '../src/sources/http.js';
import { HostLimiter } from '../src/sources/limiter.js';

/** A fake clock whose sleeps advance it. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    clock: () => now,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
      await Promise.resolve();
    },
  };
}

describe('HostLimiter', () => {
  it('runs at most perHost tasks per host and total in all', async () => {
    const time = fakeTime();
    const limiter = new HostLimiter({ perHost: 2, total: 3, interval: 0, clock: time.clock, sleep: time.sleep });
    const active = new Map<string, number>();
    let most = 0;
    const mostPerHost = new Map<string, number>();
    const task = (host: string) =>
      limiter.run(host, async () => {
        active.set(host, (active.get(host) ?? 0) + 1);
        const total = [...active.values()].reduce((a, b) => a + b, 0);
        most = Math.max(most, total);
        mostPerHost.set(host, Math.max(mostPerHost.get(host) ?? 0, active.get(host)!));
        await new Promise((resolve) => setTimeout(resolve, 5));
        active.set(host, active.get(host)! - 1);
        return host;
      });
    const hosts = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'c', 'c'];
    expect(await Promise.all(hosts.map(task))).toEqual(hosts);
    expect(most).toBe(3);
    expect([...mostPerHost.values()].every((value) => value <= 2)).toBe(true);
  });

  it('spaces the requests to one host, and waits out a pause', async () => {
    const time = fakeTime();
    const limiter = new HostLimiter({ perHost: 1, total: 8, interval: 1000, intervals: { slow: 3000 }, clock: time.clock, sleep: time.sleep });
    const starts: Array<[string, number]> = [];
    const task = (host: string) => limiter.run(host, async () => void starts.push([host, time.clock()]));
    // The fake clock is one timeline: sleeps of concurrent tasks add up, so each host is tried on its own.
    await Promise.all([task('a'), task('a')]);
    expect(starts.filter(([host]) => host === 'a').map(([, at]) => at)).toEqual([0, 1000]);
    await Promise.all([task('slow'), task('slow')]);
    const slow = starts.filter(([host]) => host === 'slow').map(([, at]) => at);
    expect(slow[1]! - slow[0]!).toBeGreaterThanOrEqual(3000);
    limiter.pause('a', 60_000);
    const before = time.clock();
    await task('a');
    expect(starts.at(-1)![1] - before).toBeGreaterThanOrEqual(60_000);
  });
});

describe('retries', () => {
  const options = (answers: Array<Partial<HttpAnswer> | HttpFault>, time = fakeTime()) => {
    const requests: HttpRequest[] = [];
    const client: ClientOptions = {
      send: async (request) => {
        requests.push(request);
        const next = answers.shift()!;
        if (next instanceof HttpFault) throw next;
        const headers = (next as { headers?: Record<string, string> }).headers ?? {};
        return { url: request.url, status: 200, header: (name) => headers[name.toLowerCase()], ...next };
      },
      limiter: new HostLimiter({ perHost: 2, total: 8, interval: 0, clock: time.clock, sleep: time.sleep }),
      endpoints: DEFAULT_ENDPOINTS,
      userAgent: 'test',
      timeout: 1000,
      retries: 2,
      backoff: 100,
      maxRetryAfter: 60_000,
      maxBytes: 1000,
      maxRedirects: 10,
      now: () => new Date('2026-11-30T10:00:00Z'),
      sleep: time.sleep,
    };
    return { client, requests, time };
  };

  it('backs off exponentially after timeouts and 5xx, then gives up with the last outcome', async () => {
    const { client, requests, time } = options([new HttpFault('timeout', 'slow'), { status: 503 }, { status: 200, hash: { sha256: 'a'.repeat(64), bytes: 1 } }]);
    expect(await checkUrl(client, 'https://a.example/', undefined)).toMatchObject({ status: 200, body: { bytes: 1 } });
    expect(requests).toHaveLength(3);
    expect(time.sleeps).toEqual([100, 200]);
    const failing = options([{ status: 502 }, { status: 502 }, { status: 502 }]);
    expect(await checkUrl(failing.client, 'https://a.example/', undefined)).toMatchObject({ status: 502 });
    expect(failing.requests).toHaveLength(3);
  });

  it('does not retry what will not pass: a DNS or TLS error, a 404', async () => {
    for (const answer of [new HttpFault('dns', 'cannot resolve'), new HttpFault('tls', 'bad certificate'), { status: 404 }]) {
      const { client, requests } = options([answer]);
      await checkUrl(client, 'https://a.example/', undefined);
      expect(requests).toHaveLength(1);
    }
  });

  it('waits out a short Retry-After through the limiter, and records a long one', async () => {
    const short = options([{ status: 429, headers: { 'retry-after': '3' } }, { status: 200 }]);
    expect(await checkUrl(short.client, 'https://a.example/', undefined)).toMatchObject({ status: 200 });
    expect(short.time.sleeps).toEqual([3000]);
    const long = options([{ status: 429, headers: { 'retry-after': '3600' } }]);
    expect(await checkUrl(long.client, 'https://a.example/', undefined)).toMatchObject({ status: 429, retryAfter: '2026-11-30T11:00:00Z' });
    expect(long.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-11-30T10:00:00Z');
    expect(retryAfter('120', now)).toBe(120_000);
    expect(retryAfter('Mon, 30 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfter('Mon, 30 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfter('soon', now)).toBeUndefined();
    expect(retryAfter('999999999999', now)).toBe(365 * 86_400_000);
    expect(retryAfter(undefined, now)).toBeUndefined();
  });

  it('sends the User-Agent, and the ETag back when the lock knows the body', async () => {
    const { client, requests } = options([{ status: 304 }]);
    const seen = await checkUrl(client, 'https://a.example/', { url: 'https://a.example/', checked: '2026-11-01T00:00:00Z', health: 'ok', since: '2026-11-01T00:00:00Z', redirects: [], archives: [], etag: '"x"', body: { sha256: 'a'.repeat(64), bytes: 1, since: '2026-11-01T00:00:00Z', seen: '2026-11-01T00:00:00Z' } });
    expect(requests[0]!.headers).toMatchObject({ 'User-Agent': 'test', 'If-None-Match': '"x"' });
    expect(seen).toMatchObject({ status: 304, notModified: true });
  });
});

describe('the progress bar', () => {
  const io = (tty: boolean, env: Record<string, string> = {}) => {
    const written: string[] = [];
    return { written, io: { cwd: '/', env, stdout: () => undefined, stderr: (text: string) => void written.push(text), tty } };
  };
  it('draws on a terminal, throttled, and clears its line at the end', async () => {
    const { progressBar } = await import('../src/sources/progress.js');
    let now = 0;
    const terminal = io(true);
    const bar = progressBar(terminal.io, () => now);
    bar.update(1, 4, 'https://a.example/');
    bar.update(2, 4, 'https://b.example/');
    now = 500;
    bar.update(4, 4, 'https://c.example/');
    bar.end();
    expect(terminal.written).toEqual(['\r\u001b[2K[######------------------] 1/4 https://a.example/', '\r\u001b[2K[########################] 4/4 https://c.example/', '\r\u001b[2K']);
  });
  it('stays quiet in CI and when stderr is not a terminal', async () => {
    const { progressBar } = await import('../src/sources/progress.js');
    for (const quiet of [io(true, { CI: 'true' }), io(false)]) {
      const bar = progressBar(quiet.io, () => 0);
      bar.update(1, 1, 'x');
      bar.end();
      expect(quiet.written).toEqual([]);
    }
  });
});

describe('metadata answers and the real client', () => {
  it('records a CSL answer that is not UTF-8 as such', async () => {
    const { resolveDoi } = await import('../src/sources/client.js');
    const time = fakeTime();
    const client: ClientOptions = {
      send: async (request) => ({ url: request.url, status: 200, header: (name) => (name === 'content-type' ? 'application/vnd.citationstyles.csl+json' : undefined), data: new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]), hash: { sha256: 'a'.repeat(64), bytes: 5 } }),
      limiter: new HostLimiter({ perHost: 1, total: 1, interval: 0, clock: time.clock, sleep: time.sleep }),
      endpoints: DEFAULT_ENDPOINTS,
      userAgent: 'test',
      timeout: 1000,
      retries: 0,
      backoff: 1,
      maxRetryAfter: 1,
      maxBytes: 100,
      maxRedirects: 10,
      now: () => new Date('2026-11-30T10:00:00Z'),
      sleep: time.sleep,
    };
    expect(await resolveDoi(client, '10.1000/x')).toEqual({ doi: '10.1000/x', checked: '2026-11-30T10:00:00Z', status: 200, contentType: 'application/vnd.citationstyles.csl+json', error: { kind: 'bad-response', detail: 'the answer is not UTF-8' } });
  });

  it('reports a refused connection as a network fault', async () => {
    const http = await import('node:http');
    const { send, HttpFault: Fault } = await import('../src/sources/http.js');
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await send({ url: `http://127.0.0.1:${port}/`, headers: {}, body: 'none', maxBytes: 10, timeout: 5000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Fault);
    expect(error).toMatchObject({ kind: 'network', message: `cannot connect to 127.0.0.1:${port}: ECONNREFUSED` });
  });

  it('reports an answer that is not HTTP as a bad response, not as a connection that failed', async () => {
    const net = await import('node:net');
    const { send, HttpFault: Fault } = await import('../src/sources/http.js');
    const server = net.createServer((socket) => {
      socket.once('data', () => socket.end(Buffer.from('\u0000\u0001 not http at all\r\n\r\n', 'latin1')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const error = await send({ url: `http://127.0.0.1:${port}/`, headers: {}, body: 'none', maxBytes: 10, timeout: 5000 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Fault);
      expect(error).toMatchObject({ kind: 'bad-response' });
      expect((error as Error).message).toMatch(new RegExp(`^127\\.0\\.0\\.1:${port} answered with something that is not HTTP`));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
