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

/** Connect middleware: 400 for a request whose path does not decode, else on to the next. */
function guardUrl(req, res, next) {
  try {
    decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
    return;
  }
  next();
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

/** The fallback: read-only files under explorer-dist/, 400 for bad URLs, 404 for the rest. */
async function serveStatic(port, host) {
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    let file = normalize(join(DIST, path));
    if (!file.startsWith(DIST + sep) && file !== DIST) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/`;
  return { url, server: 'node', close: () => new Promise((ok) => server.close(() => ok(undefined))) };
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
