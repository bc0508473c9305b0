// Import rules from STYLE.md, checked on every test run (no lint toolchain needed):
// a feature never imports another feature; shared code never imports app or features;
// no barrel index files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gen' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function area(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
}

const edges = files(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({
    from: file,
    to: resolve(dirname(file), (m[1] ?? m[2])!),
  })),
);

describe('architecture', () => {
  it('features never import other features', () => {
    const bad = edges.filter((e) => {
      const a = area(e.from);
      const b = area(e.to);
      return a.startsWith('features/') && b.startsWith('features/') && a !== b;
    });
    expect(bad.map((e) => `${relative(SRC, e.from)} → ${relative(SRC, e.to)}`)).toEqual([]);
  });

  it('components and lib never import app or features', () => {
    const bad = edges.filter((e) => ['components', 'lib'].includes(area(e.from)) && /^(app|features\/)/.test(area(e.to)));
    expect(bad.map((e) => `${relative(SRC, e.from)} → ${relative(SRC, e.to)}`)).toEqual([]);
  });

  it('has no barrel index files', () => {
    expect(files(SRC).filter((f) => /[\\/]index\.tsx?$/.test(f))).toEqual([]);
  });
});
