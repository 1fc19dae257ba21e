/**
 * Issue 24, item 6: the explorer's static server (scripts/serve.mjs, both the Vite preview and
 * the node:http fallback) answers like a read-only static server: 405 for methods other than
 * GET/HEAD, 431 for oversized headers, Range requests with 206/416.
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, byteRange, serveExplorer } from '../scripts/serve.mjs';

/** A raw request (node:http, so oversized headers and any method go out as written). */
function raw(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('byteRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-5', 100, { start: 95, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-1000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    [undefined, 100, null],
  ])('%s of %d bytes', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});

describe.each(['node', 'vite'] as const)('%s server', (kind) => {
  let s: { url: string; close: () => Promise<void> };
  let page: Buffer;
  beforeAll(async () => {
    // Any built page will do (these tests read its bytes back); build only in a fresh checkout.
    const build = !existsSync(join(DIST, 'index.html'));
    s = await serveExplorer({ port: 0, build, ...(kind === 'node' ? { server: 'node' } : {}) });
    page = (await raw(s.url, 'GET')).body;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s → 405 with Allow: GET, HEAD, not the file', async (m) => {
    const r = await raw(s.url, m);
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
    expect(r.body.toString()).not.toContain('<title>');
  });
  it('HEAD → 200 with no body', async () => {
    const r = await raw(s.url, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.body.length).toBe(0);
  });
  it('headers over 16 KiB → 431, and the server keeps serving', async () => {
    const r = await raw(s.url, 'GET', { 'x-big': 'a'.repeat(20_000) });
    expect(r.status).toBe(431);
    expect((await raw(s.url, 'GET')).status).toBe(200);
  });
  it('Range: 206 with the bytes asked for, 416 past the end', async () => {
    expect(page.length).toBeGreaterThan(20);
    const r = await raw(s.url, 'GET', { range: 'bytes=0-9' });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 0-9/${page.length}`);
    expect(r.body).toEqual(page.subarray(0, 10));
    const tail = await raw(s.url, 'GET', { range: 'bytes=-4' });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(page.subarray(page.length - 4));
    const past = await raw(s.url, 'GET', { range: `bytes=${page.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${page.length}`);
  });
});
