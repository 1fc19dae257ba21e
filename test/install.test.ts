/**
 * The package as a user gets it: `npm pack`, then `npm i ./<tarball>` in an empty project
 * outside this checkout. The import works in Node, the bins print the version and help, `npx`
 * runs from the tarball, and `serve` starts and answers. (About a minute: npm does real work.)
 *
 * `npm test` has built dist/ (pretest); the explorer is built here if missing. `npm pack` runs
 * with --ignore-scripts so the build is not repeated: `prepack` does the same two builds when
 * publishing.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const PKG = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
const work = mkdtempSync(join(tmpdir(), 'tgs-install-'));
const project = join(work, 'project');
let tarball = '';

// A clean environment: no npm_config_* from the npm running the tests, no ONNXRUNTIME_* either.
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(npm_|ONNXRUNTIME_)/i.test(k)),
);
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 240_000,
  });

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist/index.js'))).toBe(true);
  if (!existsSync(join(ROOT, 'explorer-dist/index.html')))
    execFileSync(process.execPath, ['scripts/serve.mjs', '--build-only'], { cwd: ROOT, env });
  const packed = JSON.parse(
    npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT),
  ) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = join(work, packed[0].filename);
  const files = packed[0].files.map((f) => f.path);
  expect(files).toContain('dist/index.js');
  expect(files).toContain('explorer-dist/index.html');
  expect(files).toContain('scripts/serve.mjs');
  expect(files.some((f) => f.startsWith('test/'))).toBe(false);
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'empty', version: '1.0.0', type: 'module' }),
  );
  npm(['install', tarball], project);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe(`${PKG.name} installed from its tarball`, () => {
  it('imports in Node by name, with subpaths', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      `import { onnx, tensor, torchTensor, fromOrt } from '${PKG.name}';
import { fromTensorProto } from '${PKG.name}/onnx-proto';
const r = onnx.GatherND(tensor([[1, 2], [3, 4]], 'float32'), torchTensor([[1, 0]]));
console.log(JSON.stringify(r.toArray()), typeof fromOrt, typeof fromTensorProto);`,
    );
    const out = execFileSync(process.execPath, ['use.mjs'], { cwd: project, env, encoding: 'utf8' });
    expect(out).toBe('[3] function function\n');
  });

  it('both bins print the version and --help', () => {
    for (const bin of [PKG.name, 'tgs']) {
      const path = join(project, 'node_modules/.bin', bin);
      expect(execFileSync(path, ['--version'], { cwd: project, env, encoding: 'utf8' })).toBe(
        `${PKG.version}\n`,
      );
      expect(execFileSync(path, ['--help'], { cwd: project, env, encoding: 'utf8' })).toMatch(
        /^Usage: tensor-gather-scatter \[options\] \[command\]/,
      );
    }
    const run = execFileSync(
      join(project, 'node_modules/.bin/tgs'),
      ['run', 'onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[1]]'],
      { cwd: project, env, encoding: 'utf8' },
    );
    expect(run).toBe('[[3,4]]\n');
  });

  it('npx runs the bin straight from the tarball', () => {
    const empty = mkdtempSync(join(work, 'npx-'));
    const r = spawnSync('npx', ['--yes', '--prefer-offline', '--package', tarball, PKG.name, '--help'], {
      cwd: empty,
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tensor-gather-scatter \[options\] \[command\]/);
  }, 300_000);

  it('serve starts from the installed package and serves the explorer', async () => {
    const child = spawn(join(project, 'node_modules/.bin', PKG.name), ['serve', '--port', '0'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((ok, fail) => {
        let text = '';
        const timer = setTimeout(() => fail(new Error(`no URL after 60 s: ${text}`)), 60_000);
        const read = (d: Buffer) => {
          text += d.toString();
          const m = /explorer: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(text);
          if (m) {
            clearTimeout(timer);
            ok(m[1]);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', (code) => fail(new Error(`serve exited (${code}): ${text}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('explorer</title>');
      expect((await fetch(`${url}%`)).status).toBe(400);
    } finally {
      child.kill('SIGTERM');
      await new Promise((ok) => child.once('exit', ok));
    }
  }, 120_000);
});
