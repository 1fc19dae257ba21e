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
  // protobufjs is an optional peer (only /onnx-proto and /export load it): installed here, not in cjs/.
  npm(['install', tarball, 'protobufjs'], project);
  setUpModuleProjects();
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

/** One named export of every entry point: the module-system tests import each. */
const ENTRIES: Readonly<Record<string, string>> = {
  '.': 'onnx',
  './interop': 'readNpy',
  './onnx-proto': 'fromTensorProto',
  './core': 'clearPlanCache',
  './node': 'createNodePool',
  './autodiff': 'vjp',
  './export': 'toOnnx',
  './stablehlo-text': 'runStablehlo',
  './translate': 'translate',
  './backends': 'executeOn',
  './webgpu': 'createWebGpuBackend',
  './oracle': 'verify',
};
/** The entries that load protobufjs (an optional peer dependency). */
const NEEDS_PROTOBUF = ['./onnx-proto', './export'];
const specifier = (entry: string) => (entry === '.' ? PKG.name : `${PKG.name}/${entry.slice(2)}`);

/** TypeScript projects: moduleResolution → [package type, compiler options]. */
const TS_PROJECTS: Readonly<Record<string, [string, Record<string, string>]>> = {
  node16: ['module', { module: 'node16', moduleResolution: 'node16' }],
  nodenext: ['commonjs', { module: 'nodenext', moduleResolution: 'nodenext' }],
  bundler: ['module', { module: 'esnext', moduleResolution: 'bundler' }],
  node10: ['commonjs', { module: 'commonjs', moduleResolution: 'node10' }],
};
const cjs = join(work, 'cjs');
const ts = join(work, 'ts');

/** An empty CommonJS project (no protobufjs) and one TypeScript project per module resolution. */
function setUpModuleProjects(): void {
  execFileSync('mkdir', ['-p', cjs, ts]);
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'empty-cjs', version: '1.0.0' }));
  npm(['install', tarball], cjs);
  writeFileSync(join(ts, 'package.json'), JSON.stringify({ name: 'empty-ts', version: '1.0.0' }));
  npm(['install', tarball, 'protobufjs'], ts);
  for (const [name, [type, options]] of Object.entries(TS_PROJECTS)) {
    const dir = join(ts, name);
    execFileSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `ts-${name}`, type }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...options,
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          strict: true,
          skipLibCheck: true,
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    writeFileSync(join(dir, 'main.ts'), typedProgram());
  }
}

/** A strict TypeScript program: imports every entry, types a result, runs a GatherND. */
function typedProgram(): string {
  const imports = Object.entries(ENTRIES).map(
    ([entry, name], k) => `import { ${name} as e${k} } from '${specifier(entry)}';`,
  );
  return `${imports.join('\n')}
import { tensor, type Tensor } from '${PKG.name}';
import type { VjpResult } from '${PKG.name}/autodiff';
const r: Tensor = e0.GatherND(tensor([[1, 2], [3, 4]], 'float32'), tensor([[1, 0]], 'int64'));
const g: VjpResult = e5(e0.lower.GatherND(tensor([1, 2, 3], 'float32'), tensor([[2]], 'int64')));
const kinds: string[] = [${Object.keys(ENTRIES)
    .slice(1)
    .map((_, k) => `typeof e${k + 1}`)
    .join(', ')}];
console.log(JSON.stringify(r.toArray()), JSON.stringify(g.value.toArray()), kinds.join(' '));
`;
}

const run = (file: string, cwd: string) =>
  execFileSync(process.execPath, [file], { cwd, env, encoding: 'utf8' });

describe(`${PKG.name} in every module system`, () => {
  it('the entries tried here are exactly the package exports', () => {
    const exported = Object.keys(
      (JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> }).exports,
    ).filter((k) => k !== './package.json');
    expect(Object.keys(ENTRIES).sort()).toEqual(exported.sort());
  });

  it('ESM: import of every entry', () => {
    const lines = Object.entries(ENTRIES).map(
      ([entry, name]) =>
        `const { ${name}: e${Object.keys(ENTRIES).indexOf(entry)} } = await import('${specifier(entry)}');`,
    );
    writeFileSync(
      join(project, 'entries.mjs'),
      `${lines.join('\n')}
const { tensor } = await import('${PKG.name}');
const r = e0.GatherND(tensor([[1, 2], [3, 4]], 'float32'), tensor([[1, 0]], 'int64'));
console.log(JSON.stringify(r.toArray()), [${Object.keys(ENTRIES)
        .slice(1)
        .map((_, k) => `typeof e${k + 1}`)
        .join(', ')}].join(' '));`,
    );
    expect(run('entries.mjs', project)).toBe(
      `[3] ${Array(Object.keys(ENTRIES).length - 1)
        .fill('function')
        .join(' ')}\n`,
    );
  });

  it('CommonJS: require of every entry; without protobufjs only /onnx-proto and /export fail, naming it', () => {
    expect(existsSync(join(cjs, 'node_modules/protobufjs'))).toBe(false);
    const plain = Object.entries(ENTRIES).filter(([e]) => e !== '.' && !NEEDS_PROTOBUF.includes(e));
    writeFileSync(
      join(cjs, 'main.js'),
      `const { onnx, tensor } = require('${PKG.name}');
const r = onnx.GatherND(tensor([[1, 2], [3, 4]], 'float32'), tensor([[1, 0]], 'int64'));
const kinds = [${plain.map(([e, name]) => `typeof require('${specifier(e)}').${name}`).join(', ')}];
const refused = [${NEEDS_PROTOBUF.map((e) => `'${specifier(e)}'`).join(', ')}].map((s) => {
  try { require(s); return 'loaded'; } catch (e) { return e.code + (/'protobufjs'/.test(e.message) ? ' protobufjs' : ''); }
});
console.log(JSON.stringify(r.toArray()), kinds.join(' '), refused.join(' '));`,
    );
    expect(run('main.js', cjs)).toBe(
      `[3] ${Array(plain.length).fill('function').join(' ')} ERR_MODULE_NOT_FOUND protobufjs ERR_MODULE_NOT_FOUND protobufjs\n`,
    );
  });

  for (const name of Object.keys(TS_PROJECTS))
    it(`TypeScript, moduleResolution ${name}: strict type check, then the program runs`, () => {
      const dir = join(ts, name);
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
        cwd: dir,
        env,
        encoding: 'utf8',
      });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
      expect(run('out/main.js', dir)).toBe(
        `[3] [3] ${Array(Object.keys(ENTRIES).length - 1)
          .fill('function')
          .join(' ')}\n`,
      );
    });
});
