#!/usr/bin/env node
/**
 * Builds the explorer with Vite and serves it on localhost (the `npm start` command, and the
 * CLI's `serve`).
 *
 *   node scripts/serve.mjs [--port 5173] [--host 127.0.0.1] [--no-build] [--build-only]
 *
 * From a source checkout (after `npm ci`): builds explorer/ into explorer-dist/ (the explorer
 * imports the library's TypeScript sources, so no `tsc` first) and serves it with Vite's own
 * preview server. From an installed package: serves the explorer-dist/ shipped in the package
 * (built by `prepack`); when Vite is not installed there (it is a devDependency), a small
 * read-only static server from node:http serves the same files. Port 0 picks a free port; a
 * taken default port falls back to a free one.
 */
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DIST = join(ROOT, 'explorer-dist');
const CONFIG = join(ROOT, 'explorer', 'vite.config.ts');

/** True when the explorer's sources are here (a checkout), so it can be (re)built. */
export const canBuild = () => existsSync(CONFIG);

async function loadVite() {
  try {
    return await import('vite');
  } catch {
    return null;
  }
}

/** Builds explorer/ into explorer-dist/ with Vite. */
export async function buildExplorer() {
  const vite = await loadVite();
  if (!vite || !canBuild())
    throw new Error('cannot build the explorer here: it needs a source checkout with Vite installed (npm ci)');
  await vite.build({ configFile: CONFIG, logLevel: 'warn' });
}

/**
 * Serves explorer-dist/ (building it first when `build` and the sources are here). Resolves to
 * `{ url, close, server }` where `server` is `'vite'` or `'node'`. A taken port falls back to a
 * free one unless `strictPort` (then the error says the port is in use). `server: 'node'`
 * forces the node:http fallback.
 */
export async function serveExplorer({ port = 5173, host = '127.0.0.1', build = true, strictPort = false, server } = {}) {
  if (build && canBuild()) await buildExplorer();
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`no built explorer at ${DIST}; run \`npm start\` from a checkout (or reinstall the package)`);
  const vite = server === 'node' ? null : await loadVite();
  if (vite) {
    const preview = await vite.preview({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      appType: 'mpa',
      build: { outDir: DIST },
      preview: { port, host, strictPort, open: false },
      plugins: [
        {
          name: 'bad-url-400',
          // Runs before Vite's own middlewares: a malformed URL (e.g. GET /%) is the client's error.
          configurePreviewServer: (s) => void s.middlewares.use(guardUrl),
        },
      ],
    });
    preview.httpServer.on('clientError', answerClientError);
    const address = preview.httpServer.address();
    const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/`;
    return { url, server: 'vite', close: () => preview.close() };
  }
  try {
    return await serveStatic(port, host);
  } catch (e) {
    if (!(e && e.code === 'EADDRINUSE' && !strictPort)) throw e;
    return serveStatic(0, host);
  }
}

/**
 * Connect middleware: 405 for methods other than GET/HEAD, 400 for a path that does not decode;
 * a built file is sent here (so Range works as in the fallback), anything else goes on to Vite.
 */
function guardUrl(req, res, next) {
  if (refuseMethod(req, res)) return;
  const file = fileOf(req, res);
  if (file === undefined) return;
  if (existsSync(file)) sendFile(req, res, file);
  else next();
}

/** The file under explorer-dist/ a request names (a directory: its index.html); undefined once answered (400/403). */
function fileOf(req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
    return undefined;
  }
  const file = normalize(join(DIST, path));
  if (!file.startsWith(DIST + sep) && file !== DIST) {
    res.writeHead(403).end();
    return undefined;
  }
  return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** A read-only server: 405 (with Allow) for any method but GET and HEAD. True when it answered. */
function refuseMethod(req, res) {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed');
  return true;
}

/**
 * A request Node could not parse: 431 when its headers exceed the limit (16 KiB), else 400 —
 * an answer, not a dropped connection.
 */
function answerClientError(e, socket) {
  if (!socket.writable) return socket.destroy();
  const status = e && e.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/**
 * The byte range a `Range` header asks for in a file of `size` bytes: `{ start, end }`
 * (inclusive), `null` to send the whole file (no header, several ranges, another unit) or
 * `'unsatisfiable'` (416).
 */
export function byteRange(header, size) {
  if (typeof header !== 'string') return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start;
  let end;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null; // invalid: ignored, as RFC 9110 says
  }
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/** The fallback: read-only files under explorer-dist/ (GET/HEAD, Range), 400 for bad URLs, 404 for the rest. */
async function serveStatic(port, host) {
  const server = createServer((req, res) => {
    if (refuseMethod(req, res)) return;
    const file = fileOf(req, res);
    if (file === undefined) return;
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    sendFile(req, res, file);
  });
  server.on('clientError', answerClientError);
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/`;
  return { url, server: 'node', close: () => new Promise((ok) => server.close(() => ok(undefined))) };
}

/** 200 with the file, 206 with the one range asked for, 416 for a range past its end; HEAD sends headers only. */
function sendFile(req, res, file) {
  const size = statSync(file).size;
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  // If-Range names a version we do not track (no validators are sent): the whole file, as RFC 9110 allows.
  const range = req.headers['if-range'] === undefined ? byteRange(req.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': Math.max(0, end - start + 1) };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  createReadStream(file, { start, end })
    .on('error', () => res.destroy())
    .pipe(res);
}

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && realpathSync(resolve(process.argv[1])) === realpathSync(fileURLToPath(import.meta.url))) {
  const port = Number(arg('--port', process.env.PORT ?? '5173'));
  const host = arg('--host', '127.0.0.1');
  const build = !process.argv.includes('--no-build') && canBuild();
  const explicit = process.argv.includes('--port') || process.env.PORT !== undefined;
  try {
    if (process.argv.includes('--build-only')) {
      await buildExplorer();
      process.exit(0);
    }
    if (build) console.log('Building the explorer…');
    const served = await serveExplorer({ port, host, build, strictPort: explicit });
    console.log(`tensor-gather-scatter explorer: ${served.url}`);
    console.log('Press Ctrl+C to stop.');
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if ((e && e.code === 'EADDRINUSE') || /already in use/.test(msg))
      console.error(`error: port ${port} is in use; try --port 0 (any free port) or another --port <n>`);
    else console.error(`error: ${msg}`);
    process.exit(1);
  }
}
