import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileDependencies, extendedConfigs, parseJsonc } from './compile-inputs.js';

describe('parseJsonc', () => {
  it('reads any JSON as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(parseJsonc(JSON.stringify(v, null, 2))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it('drops comments and trailing commas outside strings, and keeps them inside', () => {
    const text = `\uFEFF{
      // a line comment with "quotes"
      "a": "// not a comment, }", /* a block
      comment */ "b": [1, 2, ],
      "c": { "d": "/* kept */", },
    }`;
    expect(parseJsonc(text)).toEqual({ a: '// not a comment, }', b: [1, 2], c: { d: '/* kept */' } });
  });

  it('gives undefined for what is not JSON even so', () => {
    for (const text of ['{ "a": 1 /* open', '{ a: 1 }', '', '{ "a": "open }']) expect(parseJsonc(text)).toBeUndefined();
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseJsonc(s)));
  });
});

let dir: string;
const file = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
  return path.join(dir, rel);
};

describe('extendedConfigs', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pa-site-compile-inputs-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('follows relative extends to the end, with the candidates esbuild tries', async () => {
    const top = await file('a/tsconfig.json', '{ "extends": "../base", // comment\n }');
    await file('base.json', '{ "extends": ["./more/last.json"] }');
    await file('more/last.json', '{ "compilerOptions": {} }');
    expect(extendedConfigs(top)).toEqual([
      path.join(dir, 'base'),
      path.join(dir, 'base.json'),
      path.join(dir, 'more/last.json'),
    ]);
  });

  it('records a missing base as a candidate, stops at a cycle, and reads no config it need not', async () => {
    expect(extendedConfigs(await file('m/tsconfig.json', '{ "extends": "./gone.json" }'))).toEqual([
      path.join(dir, 'm/gone.json'),
    ]);
    const x = await file('c/x.json', '{ "extends": "./y.json" }');
    await file('c/y.json', '{ "extends": "./x.json" }');
    expect(extendedConfigs(x)).toEqual([path.join(dir, 'c/y.json'), x]);
    expect(extendedConfigs(path.join(dir, 'absent/tsconfig.json'))).toEqual([]);
    expect(extendedConfigs(await file('p/tsconfig.json', '{ "compilerOptions": { "strict": true } }'))).toEqual([]);
  });

  it('cannot tell a package base or a config that is not JSON', async () => {
    expect(extendedConfigs(await file('q/tsconfig.json', '{ "extends": "@tsconfig/node20/tsconfig.json" }'))).toBe(
      undefined,
    );
    expect(extendedConfigs(await file('r/tsconfig.json', '{ "extends": "./x.json" '))).toBeUndefined();
    expect(extendedConfigs(await file('s/tsconfig.json', '{ "extends": 42 }'))).toBeUndefined();
  });
});

describe('compileDependencies', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pa-site-compile-deps-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('adds config files above the inputs and where an imported package could be found first', async () => {
    const tpl = await file('project/templates/page.tsx', 'export {}');
    const pkg = await file('tool/node_modules/@scope/lib/index.js', 'export {}');
    await file('tool/node_modules/@scope/lib/package.json', '{}');
    const deps = compileDependencies([tpl, pkg, path.join(dir, 'project/templates/<stdin>')])!;
    expect(deps.dirs).toEqual([path.join(dir, 'project/templates')]);
    for (const at of ['project/templates', 'project', '.'])
      for (const f of ['tsconfig.json', 'jsconfig.json', 'package.json', 'node_modules/@scope/lib/package.json'])
        expect(deps.files).toContain(path.join(dir, at, f));
    expect(deps.files).toContain(path.join(dir, 'tool/node_modules/@scope/lib/package.json'));
    expect(deps.files).toContain(pkg);
    expect(deps.files).not.toContain(path.join(dir, 'project/templates/<stdin>'));
    // Not above the package itself: its own imports resolve inside the tool's node_modules.
    expect(deps.files).not.toContain(path.join(dir, 'tool/node_modules/@scope/lib/tsconfig.json'));
  });

  it('records nothing when a config above the inputs extends what cannot be followed', async () => {
    const tpl = await file('other/templates/page.tsx', 'export {}');
    await file('other/tsconfig.json', '{ "extends": "@tsconfig/strictest" }');
    expect(compileDependencies([tpl])).toBeUndefined();
  });
});
