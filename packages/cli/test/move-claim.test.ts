/**
 * `research-pack move-claim`: claims whose sentences moved to another
 * chapter carried to that chapter's sidecars, with their verdicts, their
 * evidence and the sources it rests on, without editing YAML by hand (an
 * outside author's finding: a paragraph moved between chapters took four
 * hand edits); refused, with nothing written, while the words are not in
 * the other chapter. And `check` links the two errors a moved directive
 * leaves, naming the command.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, runCli } from './helpers.js';

interface Ledger {
  sources: Array<{ id: string }>;
  evidence: Array<{ id: string; source: string; claims: string[] }>;
}

let root: string;
const file = (name: string) => path.join(root, 'content/books/pi', name);
const read = (name: string) => readFile(file(name), 'utf8');
const COST = 'The cost in that block is an estimate pi computes from its own price catalogue.';
const USAGE = 'Each reply also carries a `usage` block with input, output, cache-read and cache-write token counts, their total, and a cost breakdown.';

/** Move a sentence from chapter 26 to the end of chapter 28. */
async function moveSentence(sentence: string): Promise<void> {
  await editFile(file('26-chapter.mdx'), `${sentence} `, '');
  await writeFile(file('28-chapter.mdx'), `${(await read('28-chapter.mdx')).trimEnd()}\n\n${sentence}\n`);
}

beforeEach(async () => {
  root = await copyDemoBooks();
});
afterEach(async () => {
  await removeProject(root);
});

describe('research-pack move-claim', () => {
  it('carries a claim, its evidence and its sources to a chapter without an evidence sidecar, and check passes again', async () => {
    await moveSentence(COST);
    const broken = await runCli(['check'], { cwd: root });
    expect(broken.code).toBe(1);
    // check names the chapter that has the words now, and the command (an outside author's finding: it named neither).
    expect(broken.stderr + broken.stdout).toContain(
      '(hint: content/books/pi/28-chapter.mdx has these words as written: if you moved the sentence there, `research-pack move-claim cost-estimate --to pi/28-chapter` carries the claim there, with its evidence and the sources it rests on; if not, anchor the claim',
    );
    const before = { claims: parse(await read('26-chapter.claims.yaml')), ledger: parse(await read('26-chapter.evidence.yaml')) as Ledger };
    const mine = before.ledger.evidence.filter((item) => item.claims.includes('cost-estimate'));
    expect(mine.every((item) => item.claims.length === 1)).toBe(true);
    const run = await runCli(['move-claim', 'cost-estimate', '--to', 'pi/28-chapter'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Moving claim "cost-estimate" from pi\/26-chapter to pi\/28-chapter\n/);
    for (const item of mine) expect(run.stdout).toContain(`  evidence "${item.id}" (`);
    expect(run.stdout).toMatch(/\nWrote content\/books\/pi\/26-chapter\.claims\.yaml, content\/books\/pi\/26-chapter\.evidence\.yaml, content\/books\/pi\/28-chapter\.claims\.yaml, content\/books\/pi\/28-chapter\.evidence\.yaml\.\n$/);
    // The claim as it was written, verdict and all; its evidence; the sources it rests on, copied, and still in chapter 26's ledger.
    const claim = before.claims.claims.find((entry: { id: string }) => entry.id === 'cost-estimate');
    expect(parse(await read('28-chapter.claims.yaml')).claims.find((entry: { id: string }) => entry.id === 'cost-estimate')).toEqual(claim);
    const ledger = parse(await read('28-chapter.evidence.yaml')) as Ledger;
    expect(ledger.evidence).toEqual(mine);
    const needed = new Set(mine.map((item) => item.source));
    expect(ledger.sources).toEqual(before.ledger.sources.filter((source) => needed.has(source.id)));
    expect((await read('28-chapter.evidence.yaml')).split('\n', 1)[0]).toBe('# yaml-language-server: $schema=../../../node_modules/@research-pack/core/schemas/evidence.schema.json');
    // A source nothing in chapter 26 rests on any more moves; one other evidence or a reference there rests on stays too.
    const after = parse(await read('26-chapter.evidence.yaml')) as Ledger;
    const references = (parse(await read('26-chapter.research.yaml')).references ?? []) as Array<{ source?: string }>;
    const still = new Set([...after.evidence.map((item) => item.source), ...references.flatMap((reference) => (reference.source ? [reference.source] : []))]);
    expect(after.sources).toEqual(before.ledger.sources.filter((source) => !needed.has(source.id) || still.has(source.id)));
    for (const source of needed) {
      expect(run.stdout).toContain(still.has(source) ? `  source "${source}" is copied into pi/28-chapter's ledger, and stays in pi/26-chapter's` : `  source "${source}" moves to pi/28-chapter's ledger: nothing in pi/26-chapter rests on it any more`);
    }
    expect(after.evidence.flatMap((item) => item.claims)).not.toContain('cost-estimate');
    expect(parse(await read('26-chapter.claims.yaml')).claims.map((entry: { id: string }) => entry.id)).not.toContain('cost-estimate');
    const check = await runCli(['check'], { cwd: root });
    expect(check.code, check.stderr + check.stdout).toBe(0);
  });

  it('names the chapter that has the words as written when words left behind still anchor the claim approximately (a recap)', async () => {
    await moveSentence(COST);
    // A recap in chapter 26 says nearly the same: the claim stays anchored there, approximately.
    await editFile(file('26-chapter.mdx'), 'Treat it as a good guide', 'So the cost in that block is an estimate pi computes from its price catalogue. Treat it as a good guide');
    const check = await runCli(['check'], { cwd: root });
    const out = check.stderr + check.stdout;
    expect(out).toContain('[anchor/fuzzy]');
    expect(out).toContain('hint: content/books/pi/28-chapter.mdx has these words as written: if you moved the sentence there, `research-pack move-claim cost-estimate --to pi/28-chapter`');
  });

  it('finds the words in the other chapter with the typographic dashes and quotes anchoring folds (a hyphen in the quote, an en dash in the prose)', async () => {
    await editFile(file('26-chapter.mdx'), 'own price catalogue', 'own price-list catalogue');
    await editFile(file('26-chapter.claims.yaml'), 'own price catalogue', 'own price-list catalogue');
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
    const hyphen = COST.replace('own price catalogue', 'own price-list catalogue');
    await editFile(file('26-chapter.mdx'), `${hyphen} `, '');
    await writeFile(file('28-chapter.mdx'), `${(await read('28-chapter.mdx')).trimEnd()}\n\n${hyphen.replace('price-list', 'price\u2013list')}\n`);
    const check = await runCli(['check'], { cwd: root });
    expect(check.stderr + check.stdout).toContain('hint: content/books/pi/28-chapter.mdx has these words as written: if you moved the sentence there, `research-pack move-claim cost-estimate --to pi/28-chapter`');
  });

  it('keeps evidence shared with a claim that stays on that claim, and copies it for the one that moves', async () => {
    await moveSentence(USAGE);
    const run = await runCli(['move-claim', 'usage-block', '--to', 'pi/28-chapter', '--chapter', 'pi/26-chapter'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('  evidence "types-assistant-fields" (validated, supports, source "pi-ai-types-src") stays on assistant-names-model, and is copied for usage-block\n');
    const here = parse(await read('26-chapter.evidence.yaml')) as Ledger;
    const there = parse(await read('28-chapter.evidence.yaml')) as Ledger;
    expect(here.evidence.find((item) => item.id === 'types-assistant-fields')!.claims).toEqual(['assistant-names-model']);
    expect(there.evidence.find((item) => item.id === 'types-assistant-fields')!.claims).toEqual(['usage-block']);
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
  });

  it('moves a claim back where it came from as it was: the evidence it shared joins its item again, no copies are left', async () => {
    const start = await Promise.all(['26-chapter.claims.yaml', '26-chapter.evidence.yaml'].map(async (name) => parse(await read(name))));
    await moveSentence(USAGE);
    expect((await runCli(['move-claim', 'usage-block', '--to', 'pi/28-chapter'], { cwd: root })).code).toBe(0);
    // The sentence back in its place in chapter 26.
    await editFile(file('28-chapter.mdx'), `\n\n${USAGE}\n`, '\n');
    await editFile(file('26-chapter.mdx'), 'The cost in that block', `${USAGE} The cost in that block`);
    const back = await runCli(['move-claim', 'usage-block', '--to', 'pi/26-chapter'], { cwd: root });
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toContain('  evidence "types-assistant-fields" (validated, supports, source "pi-ai-types-src") moves, joining the same evidence "types-assistant-fields" there (now on assistant-names-model, usage-block)\n');
    const [claims, ledger] = await Promise.all(['26-chapter.claims.yaml', '26-chapter.evidence.yaml'].map(async (name) => parse(await read(name))));
    // The same entries, the claim at the end of the list now; nothing is left in chapter 28's ledger.
    const byId = (list: Array<{ id: string }>) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(claims.claims)).toEqual(byId(start[0].claims));
    expect(byId(ledger.evidence.map((item: { claims: string[] }) => ({ ...item, claims: [...item.claims].sort() })))).toEqual(byId(start[1].evidence.map((item: { claims: string[] }) => ({ ...item, claims: [...item.claims].sort() }))));
    expect(byId(ledger.sources)).toEqual(byId(start[1].sources));
    expect(parse(await read('28-chapter.evidence.yaml'))).toEqual({ sources: [], evidence: [] });
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
  });

  it('links the two errors a sentence moved with its :claim directive leaves, names the command, and carries the claim', async () => {
    const prose = await read('26-chapter.mdx');
    const marked = /:claim\[[^\]]*\]\{#model-change-selection\}/.exec(prose)![0];
    await editFile(file('26-chapter.mdx'), marked, '');
    await writeFile(file('28-chapter.mdx'), `${(await read('28-chapter.mdx')).trimEnd()}\n\n${marked}\n`);
    const check = await runCli(['check'], { cwd: root });
    expect(check.code).toBe(1);
    const out = check.stderr + check.stdout;
    expect(out).toMatch(/hint: content\/books\/pi\/28-chapter\.mdx:\d+:\d+ marks :claim\[…\]\{#model-change-selection\}, and its chapter has no claim of that id: if you moved the sentence there, `research-pack move-claim model-change-selection --to pi\/28-chapter` carries the claim there/);
    expect(out).toContain('hint: claim "model-change-selection" is in content/books/pi/26-chapter.claims.yaml, another chapter\'s sidecar, whose prose no longer marks it: if you moved the sentence here, `research-pack move-claim model-change-selection --to pi/28-chapter` carries the claim here');
    // The two chapters are set aside for these errors, with their hints; the other chapter is read as usual.
    const review = await runCli(['review', 'pi/27-chapter'], { cwd: root });
    expect(review.code, review.stderr).toBe(0);
    expect(review.stderr).toContain('warning: chapters pi/26-chapter, pi/28-chapter are set aside for their errors');
    const run = await runCli(['move-claim', 'model-change-selection', '--to', 'pi/28-chapter'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
  });

  it('refuses, writing nothing, while the words are not in the other chapter, and says what to do for a wrong target', async () => {
    const before = await Promise.all(['26-chapter.claims.yaml', '26-chapter.evidence.yaml', '28-chapter.claims.yaml'].map(read));
    const run = await runCli(['move-claim', 'cost-estimate', '--to', 'pi/28-chapter'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('the words of claim "cost-estimate" are not in content/books/pi/28-chapter.mdx\nMove its sentence there first (with its :claim directive, if it has one), then run again.\nNothing was written.\n');
    expect(await Promise.all(['26-chapter.claims.yaml', '26-chapter.evidence.yaml', '28-chapter.claims.yaml'].map(read))).toEqual(before);
    await expect(readFile(file('28-chapter.evidence.yaml'), 'utf8')).rejects.toThrow();
    const same = await runCli(['move-claim', 'cost-estimate', '--to', 'pi/26-chapter'], { cwd: root });
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('the claims are in pi/26-chapter already');
    const none = await runCli(['move-claim', 'cost-estimate'], { cwd: root });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('say which chapter the claims go to: --to <book>/<chapter>');
    const book = await runCli(['move-claim', 'cost-estimate', '--to', 'pi'], { cwd: root });
    expect(book.code).toBe(2);
    expect(book.stderr).toContain('pi is a book: give --to pi/<chapter>, e.g. pi/26-chapter');
    const typo = await runCli(['move-claim', 'cost-estimate', '--to', 'pi/28-chaptr'], { cwd: root });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('no chapter pi/28-chaptr (did you mean "pi/28-chapter"?)');
    // A claim of that id in the other chapter already.
    await writeFile(file('28-chapter.claims.yaml'), `${await read('28-chapter.claims.yaml')}\n  - id: cost-estimate\n    anchor: directive\n    verdict: { status: unverified }\n`);
    const taken = await runCli(['move-claim', 'cost-estimate', '--chapter', 'pi/26-chapter', '--to', 'pi/28-chapter'], { cwd: root });
    expect(taken.code, taken.stderr).toBe(1);
    expect(taken.stderr).toContain('pi/28-chapter has a claim "cost-estimate" already');
  });

  it('refuses a source of that id the other ledger has with other content', async () => {
    await moveSentence(COST);
    // Chapter 28 gets a ledger with its own entry under the id of one the claim's evidence rests on.
    const source = (parse(await read('26-chapter.evidence.yaml')) as Ledger).evidence.find((item) => item.claims.includes('cost-estimate'))!.source;
    await writeFile(file('28-chapter.evidence.yaml'), `sources:\n  - id: ${source}\n    title: Another work of the same id\n    url: https://example.org/other\n    reading: full-text\n    accessed: 2026-11-01\nevidence: []\n`);
    const run = await runCli(['move-claim', 'cost-estimate', '--to', 'pi/28-chapter'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`pi/28-chapter's ledger has a source "${source}" that differs from pi/26-chapter's in `);
    expect(run.stderr).toContain(`\`research-pack source ${source} --chapter <book>/<chapter>\` corrects the reading, title or limitations of either`);
  });
});
