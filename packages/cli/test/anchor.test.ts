/**
 * `research-pack anchor`: a claim's quote anchor set to the words it now has
 * in the prose, without editing YAML by hand (two outside authors' finding:
 * re-anchoring was the one edit the review commands left to the hand), also
 * in a chapter set aside for that claim's error; refused, with nothing
 * written, when the words are not found exactly once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, runCli } from './helpers.js';

let root: string;
const chapter = () => path.join(root, 'content/books/pi/28-chapter.mdx');
const claims = () => path.join(root, 'content/books/pi/28-chapter.claims.yaml');
const OLD = "Compaction never deletes the entries it summarizes; they stay in the file and only drop out of the model's context.";
const NEW = 'A compacted session keeps every entry in its file: compaction only changes what the model is shown.';

beforeEach(async () => {
  root = await copyDemoBooks();
  // The sentence rewritten: the claim's quote is no longer found, and its chapter is set aside.
  await editFile(chapter(), OLD, NEW);
});
afterEach(async () => {
  await removeProject(root);
});

describe('research-pack anchor', () => {
  it('anchors a claim whose sentence was rewritten on its new words, so that check passes again', async () => {
    const broken = await runCli(['check'], { cwd: root });
    expect(broken.code).toBe(1);
    expect(broken.stderr + broken.stdout).toContain('[anchor/orphan]');
    const before = await readFile(claims(), 'utf8');
    const dry = await runCli(['anchor', 'compaction-keeps-entries', '--quote', 'A compacted session keeps every entry in its file', '--dry-run'], { cwd: root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('-      quote: >-\n-        Compaction never deletes the entries it summarizes; they stay in the\n-        file and only drop out of the model\'s context.\n+      quote: A compacted session keeps every entry in its file\n');
    expect(await readFile(claims(), 'utf8')).toBe(before);
    const done = await runCli(['anchor', 'compaction-keeps-entries', '--quote', 'A compacted session keeps every entry in its file'], { cwd: root });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe(
      `claim "compaction-keeps-entries" of pi/28-chapter is anchored on "A compacted session keeps every entry in its file" (was "${OLD.replaceAll('"', '\\"')}").\nWrote content/books/pi/28-chapter.claims.yaml.\n`,
    );
    // Only the anchor changed, the rest of the file as it was.
    expect(await readFile(claims(), 'utf8')).toBe(before.replace("quote: >-\n        Compaction never deletes the entries it summarizes; they stay in the\n        file and only drop out of the model's context.", 'quote: A compacted session keeps every entry in its file'));
    const check = await runCli(['check'], { cwd: root });
    expect(check.code, check.stderr).toBe(0);
  });

  it.each([
    ['words found only approximately', 'A compacted session keeps every entry in its files', '[anchor/fuzzy]'],
    ['words of no sentence', 'nothing of the sort is written here', '[anchor/orphan]'],
  ])('refuses %s, saying why, and writes nothing', async (_what, words, rule) => {
    const before = await readFile(claims(), 'utf8');
    const run = await runCli(['anchor', 'compaction-keeps-entries', '--quote', words], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(rule);
    expect(run.stderr).toContain('With this anchor the words of claim "compaction-keeps-entries" are not found exactly, once (the places above are in the files as they would be written)');
    expect(run.stderr).toMatch(/nothing was written\.\n$/);
    expect(await readFile(claims(), 'utf8')).toBe(before);
  });

  it('anchors a claim while another claim of the chapter is still broken (its sentence deleted: an outside author\'s finding), and says nothing of it', async () => {
    // In chapter 27, header-metadata-only's sentence is gone (its claim orphaned); timestamps-two-clocks is re-anchored on part of its words.
    const prose = path.join(root, 'content/books/pi/27-chapter.mdx');
    const text = await readFile(prose, 'utf8');
    const gone = /The header is \*metadata only\*:[^\n]*?\)\./.exec(text);
    expect(gone, 'the sentence of header-metadata-only').not.toBeNull();
    await editFile(prose, gone![0], 'The first line says what the file is.');
    const sidecar = parse(await readFile(path.join(root, 'content/books/pi/27-chapter.claims.yaml'), 'utf8')) as { claims: Array<{ id: string; anchor: string | { quote: string } }> };
    const quoteOf = (sidecar.claims.find((claim) => claim.id === 'timestamps-two-clocks')!.anchor as { quote: string }).quote;
    const part = quoteOf.split(' ').slice(0, 8).join(' ');
    const run = await runCli(['anchor', 'timestamps-two-clocks', '--chapter', 'pi/27-chapter', '--quote', part], { cwd: root });
    expect(run.stderr).not.toContain('header-metadata-only');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('claim "timestamps-two-clocks" of pi/27-chapter is anchored on');
    // The broken claim is still reported by check, as before.
    const check = await runCli(['check'], { cwd: root });
    expect(check.code).toBe(1);
    expect(check.stderr + check.stdout).toContain('the quote of claim "header-metadata-only"');
  });

  it('says what to do for a claim marked by a directive, an unknown claim, and a quote across lines', async () => {
    const directive = await runCli(['anchor', 'reconstruct-any-point', '--quote', 'any words here'], { cwd: root });
    expect(directive.code).toBe(1);
    expect(directive.stderr).toContain('claim "reconstruct-any-point" of pi/28-chapter is anchored by its :claim[…]{#reconstruct-any-point} directive in the prose: move the directive\'s brackets to the words it claims, in content/books/pi/28-chapter.mdx');
    const unknown = await runCli(['anchor', 'compaction-keeps-entrie', '--quote', 'any words here'], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no claim "compaction-keeps-entrie"; did you mean "compaction-keeps-entries"?');
    const lines = await runCli(['anchor', 'compaction-keeps-entries', '--quote', 'A compacted session\nkeeps'], { cwd: root });
    expect(lines.code).toBe(2);
    expect(lines.stderr).toContain('--quote, --prefix and --suffix are words of the prose, on one line');
    const none = await runCli(['anchor', 'compaction-keeps-entries'], { cwd: root });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('say which words the claim is: --quote "…"');
  });

  it('anchors by quote a directive claim whose directive the prose no longer has (its words taken out of it), as check\'s hint says', async () => {
    const words = 'Because all three only ever append, you can always reconstruct what the model saw at any earlier point by walking the tree from the entry that was then the leaf.';
    await editFile(chapter(), `:claim[${words}]{#reconstruct-any-point}`, words);
    const broken = await runCli(['check'], { cwd: root });
    expect(broken.stderr + broken.stdout).toContain('claim "reconstruct-any-point" is anchored by directive, but content/books/pi/28-chapter.mdx has no :claim[...]{#reconstruct-any-point}');
    const run = await runCli(['anchor', 'reconstruct-any-point', '--quote', words], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`claim "reconstruct-any-point" of pi/28-chapter is anchored on "${words.slice(0, 120)}…" (was anchored by its :claim[…]{#reconstruct-any-point} directive, which the prose no longer has).`);
    const sidecar = parse(await readFile(claims(), 'utf8')) as { claims: Array<{ id: string; anchor: unknown }> };
    expect(sidecar.claims.find((claim) => claim.id === 'reconstruct-any-point')!.anchor).toEqual({ quote: words });
    // The other claim of the chapter, rewritten in beforeEach, is the only error left.
    const check = await runCli(['check'], { cwd: root });
    expect(check.stderr + check.stdout).not.toContain('reconstruct-any-point');
  });

  it('tells a claim with a verdict that its verdict was given on other words, and how to re-confirm it', async () => {
    // A shorter quote of the same sentence: other words than the verdict was given on.
    const run = await runCli(['anchor', 'header-metadata-only', '--chapter', 'pi/27-chapter', '--quote', 'The header is metadata only', '--dry-run'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Its supported verdict was given on the words it was anchored on: if these differ, the claim shows as stale until you re-confirm the verdict on them (`research-pack reviewed header-metadata-only`) or give a new one.',
    );
  });
});
