/**
 * The layout of the packages' sources: no import cycle in any package (type
 * imports included, since a cycle of types is a cycle of meaning), and in
 * core every import points down the pipeline, from a stage to the stages
 * before it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Core's stages, in pipeline order: a stage may import only from itself and the stages before it. */
const CORE_STAGES = ['problems', 'schema', 'load', 'sources', 'text', 'model', 'threads', 'site', 'markup', 'research-report', 'render', 'ingest', 'review'];

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
    .sort();
}

/** Relative imports of a file (static, re-exports, dynamic, type-only), resolved to source files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const spec = match[1] ?? match[2]!;
    found.push(path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return found;
}

/** Every import cycle, as the list of files around it (Tarjan's strongly connected components). */
function cycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(root, member));
      } while (member !== file);
      if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('package layout', () => {
  for (const name of fs.readdirSync(path.join(root, 'packages')).sort()) {
    it(`has no import cycle in packages/${name}/src`, () => {
      expect(cycles(sources(path.join(root, 'packages', name, 'src')))).toEqual([]);
    });
  }

  it('keeps every core import pointing down the pipeline', () => {
    const src = path.join(root, 'packages/core/src');
    const stageOf = (file: string) => path.relative(src, file).split(path.sep)[0]!;
    const upward: string[] = [];
    for (const file of sources(src)) {
      const from = stageOf(file);
      // The entry files (`index.ts`, `internal.ts`) re-export from every stage.
      if (from === 'index.ts' || from === 'internal.ts') continue;
      expect(CORE_STAGES, `${path.relative(root, file)} is in no stage`).toContain(from);
      for (const target of importsOf(file)) {
        const to = stageOf(target);
        if (CORE_STAGES.indexOf(to) > CORE_STAGES.indexOf(from)) upward.push(`${path.relative(src, file)} -> ${path.relative(src, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const dir = fs.mkdtempSync(path.join(root, '.tmp-layout-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = B;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export { a } from './c.js';\nexport type B = string;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "export const a = () => import('./a.js');\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import { a } from './c.js';\n");
      expect(cycles(sources(dir))).toEqual([[`${path.basename(dir)}/a.ts`, `${path.basename(dir)}/b.ts`, `${path.basename(dir)}/c.ts`]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
