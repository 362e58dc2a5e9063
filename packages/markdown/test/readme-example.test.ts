/**
 * The README's "Use" example, run as written: what it prints is the HTML the
 * README shows (without the line breaks it adds between elements for reading).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(path.join(repoRoot, 'packages/markdown/README.md'), 'utf8');

/** The body of the first fenced block of a language that holds `first`. */
function block(language: string, first: string): string {
  const found = [...readme.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!).find((body) => body.includes(first));
  if (!found) throw new Error(`the README has no \`\`\`${language} block with ${first}`);
  return found;
}

describe("the markdown package's README example", () => {
  it('prints the HTML the README shows', () => {
    // Inside the repository, so that its imports resolve as in a project that installed the packages.
    const dir = path.join(repoRoot, '.tmp', 'markdown-readme-example');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'example.mjs');
    writeFileSync(file, block('js', "from '@research-pack/markdown'"));
    const printed = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();
    const shown = block('html', 'class="rp-claim"').replace(/\n\s*/g, '');
    expect(printed).toBe(shown);
  });
});
