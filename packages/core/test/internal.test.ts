/**
 * `@research-pack/core/internal`: what `@research-pack/markdown` needs from
 * inside the core, and nothing more. Adding to it is a decision: say why in
 * the README's "Internal entry".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as internal from '../src/internal.js';

describe('@research-pack/core/internal', () => {
  it('exposes what the page transform needs', () => {
    expect(Object.keys(internal).sort()).toEqual(['TEMPORARY_NAME', 'WRITE_JOURNAL_FILE', 'buildTextIndex', 'directiveId', 'fold', 'fromFolded', 'isDirectiveLabel', 'journalWriterAlive', 'leafIndexAt', 'leafRange', 'normalizeProse', 'parseWriteJournal', 'prepareSearch', 'processAlive', 'proseLeaves', 'relocateQuote', 'shorten', 'shownName', 'wrapInline']);
  });

  it('is a subpath of the package, documented in its README', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['./internal']).toEqual({ types: './dist/internal.d.ts', default: './dist/internal.js' });
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const name of Object.keys(internal)) expect(readme.slice(readme.indexOf('### Internal entry')), name).toContain(`\`${name}\``);
  });
});
