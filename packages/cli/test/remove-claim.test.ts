/**
 * `research-pack remove-claim`: a claim whose sentence was deleted taken out
 * of its chapter's sidecars, with the evidence that bore on it alone,
 * without editing YAML by hand (an outside author's finding: the deleted
 * sentence set the chapter aside, and only hand edits of two sidecars got
 * it back); refused, with nothing written, while the prose still marks it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemoBooks, editFile, removeProject, runCli } from './helpers.js';

interface Sidecars {
  claims: { claims: Array<{ id: string }> };
  evidence: { sources: Array<{ id: string }>; evidence: Array<{ id: string; claims: string[] }> };
}

let root: string;
const file = (name: string) => path.join(root, 'content/books/pi', name);
const USAGE = 'Each reply also carries a `usage` block with input, output, cache-read and cache-write token counts, their total, and a cost breakdown. ';

async function sidecars(chapter: string): Promise<Sidecars & { text: { claims: string; evidence: string } }> {
  const claims = await readFile(file(`${chapter}.claims.yaml`), 'utf8');
  const evidence = await readFile(file(`${chapter}.evidence.yaml`), 'utf8');
  return { claims: parse(claims), evidence: parse(evidence), text: { claims, evidence } };
}

beforeEach(async () => {
  root = await copyDemoBooks();
});
afterEach(async () => {
  await removeProject(root);
});

describe('research-pack remove-claim', () => {
  it('takes out a claim whose sentence was deleted: its entry, its id from shared evidence, the evidence on it alone; check passes again', async () => {
    // Chapter 26: usage-block's sentence deleted; two evidence items bear on it and on other claims.
    await editFile(file('26-chapter.mdx'), USAGE, '');
    const broken = await runCli(['check'], { cwd: root });
    expect(broken.code).toBe(1);
    expect(broken.stderr + broken.stdout).toContain('if the sentence was deleted, `research-pack remove-claim usage-block` takes the claim out');
    const before = await sidecars('26-chapter');
    const dry = await runCli(['remove-claim', 'usage-block', '--dry-run'], { cwd: root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Removing claim "usage-block" of pi/26-chapter (supported; anchored on "Each reply also carries a usage block');
    expect(dry.stdout).toContain('  evidence "types-assistant-fields" (validated, supports, source "pi-ai-types-src") stays, on assistant-names-model (usage-block taken off it)\n');
    expect(dry.stdout).toContain('-    claims: [assistant-names-model, response-model, usage-block]\n+    claims: [assistant-names-model, response-model]\n');
    expect(dry.stdout).toContain('-  # This quote spans inline code (`usage`).\n-  - id: usage-block\n');
    expect((await sidecars('26-chapter')).text).toEqual(before.text);

    const run = await runCli(['remove-claim', 'usage-block'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\nWrote content\/books\/pi\/26-chapter\.claims\.yaml and content\/books\/pi\/26-chapter\.evidence\.yaml\.\n$/);
    const after = await sidecars('26-chapter');
    expect(after.claims.claims.map((claim) => claim.id)).toEqual(before.claims.claims.map((claim) => claim.id).filter((id) => id !== 'usage-block'));
    // The other claims' entries and the ledger as they were; no evidence names the claim.
    expect(after.evidence.sources).toEqual(before.evidence.sources);
    expect(after.evidence.evidence.flatMap((item) => item.claims)).not.toContain('usage-block');
    expect(after.evidence.evidence.find((item) => item.id === 'types-assistant-fields')!.claims).toEqual(['assistant-names-model']);
    expect(after.evidence.evidence.length).toBe(before.evidence.evidence.length - before.evidence.evidence.filter((item) => item.claims.length === 1 && item.claims[0] === 'usage-block').length);
    const check = await runCli(['check'], { cwd: root });
    expect(check.code, check.stderr + check.stdout).toBe(0);
  });

  it('removes the evidence that bore on the claim alone, keeps every other line of the ledger, and keeps a proposal accepted as the claim on record', async () => {
    // Chapter 27: header-metadata-only's sentence deleted; its evidence bears on it alone; a pass had proposed it and the author accepted it.
    const prose = file('27-chapter.mdx');
    const text = await readFile(prose, 'utf8');
    const gone = /The header is \*metadata only\*:[^\n]*?\)\./.exec(text);
    expect(gone, 'the sentence of header-metadata-only').not.toBeNull();
    await editFile(prose, gone![0], '');
    const research = await readFile(file('27-chapter.research.yaml'), 'utf8');
    await writeFile(
      file('27-chapter.research.yaml'),
      `${research}proposedClaims:\n  - id: header-metadata-only\n    statement: The header line holds metadata only.\n    report: .reports/2026-11-29-27-chapter-2.md\n    recorded: 2026-11-29\n    accepted: { date: 2026-11-30, by: J. Author, claim: header-metadata-only }\n`,
    );
    const before = await sidecars('27-chapter');
    const alone = before.evidence.evidence.filter((item) => item.claims.length === 1 && item.claims[0] === 'header-metadata-only').map((item) => item.id);
    expect(alone.length).toBeGreaterThan(0);
    const run = await runCli(['remove-claim', 'header-metadata-only'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    for (const id of alone) expect(run.stdout).toMatch(new RegExp(`evidence "${id}" \\([^)]*\\) goes: it bore on header-metadata-only alone\n`));
    expect(run.stdout).toContain('  proposed claim "header-metadata-only" stays recorded as accepted as claim "header-metadata-only" (by J. Author on 2026-11-30), where it came from\n');
    const after = await sidecars('27-chapter');
    expect(after.evidence.evidence.map((item) => item.id)).toEqual(before.evidence.evidence.map((item) => item.id).filter((id) => !alone.includes(id)));
    // No line of the ledger is new, and the lines that went are the items' own: a section comment set apart by a blank line stays.
    const beforeLines = before.text.evidence.split('\n');
    expect(after.text.evidence.split('\n').filter((line) => !beforeLines.includes(line))).toEqual([]);
    expect(after.text.evidence).toContain('# --- header-metadata-only ---');
    expect(await readFile(file('27-chapter.research.yaml'), 'utf8')).toContain('accepted: { date: 2026-11-30, by: J. Author, claim: header-metadata-only }');
    const check = await runCli(['check'], { cwd: root });
    expect(check.code, check.stderr + check.stdout).toBe(0);
  });

  it('refuses a claim with an id of 70 characters the prose still marks, as it refuses a short one (messages shorten long ids; the problem names the claim in full)', async () => {
    const long = `assistant-names-model-${'x'.repeat(48)}`;
    expect(long).toHaveLength(70);
    for (const name of ['26-chapter.mdx', '26-chapter.claims.yaml', '26-chapter.evidence.yaml']) {
      const text = await readFile(file(name), 'utf8');
      await writeFile(file(name), text.replaceAll('assistant-names-model', long));
    }
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
    const before = await sidecars('26-chapter');
    const run = await runCli(['remove-claim', long], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^content/books/pi/26-chapter\\.mdx:\\d+:\\d+ {2}the prose still marks claim "${long}" with :claim\\[…\\]\\{#${long}\\}\nTake the words out of the directive`));
    expect((await sidecars('26-chapter')).text).toEqual(before.text);
  });

  it('refuses a claim the prose still marks with its directive, naming the place, and writes nothing', async () => {
    const before = await sidecars('26-chapter');
    const run = await runCli(['remove-claim', 'assistant-names-model'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^content\/books\/pi\/26-chapter\.mdx:\d+:\d+ {2}the prose still marks claim "assistant-names-model" with :claim\[…\]\{#assistant-names-model\}\nTake the words out of the directive, keeping them \(or delete the sentence\), then run again; nothing was written\.\n$/);
    expect((await sidecars('26-chapter')).text).toEqual(before.text);
    // Once the words are taken out of the directive, it goes.
    const prose = await readFile(file('26-chapter.mdx'), 'utf8');
    const marked = /:claim\[([^\]]*)\]\{#assistant-names-model\}/.exec(prose);
    expect(marked, 'the directive of assistant-names-model').not.toBeNull();
    await editFile(file('26-chapter.mdx'), marked![0], marked![1]!);
    const again = await runCli(['remove-claim', 'assistant-names-model'], { cwd: root });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Removing claim "assistant-names-model" of pi/26-chapter (supported; anchored by a directive the prose no longer has)');
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
  });

  it('asks for --force before it takes away a contradicted verdict whose words still read, not once the sentence is gone', async () => {
    const before = await sidecars('27-chapter');
    const run = await runCli(['remove-claim', 'first-write-after-reply'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('claim "first-write-after-reply" has a contradicted verdict and its words still read in content/books/pi/27-chapter.mdx: its page warns readers that the evidence contradicts them, and the warning goes with the claim.');
    expect(run.stderr).toContain('or, to stop tracking it all the same, run again with --force; nothing was written');
    expect((await sidecars('27-chapter')).text).toEqual(before.text);
    // A dry run shows what would go all the same, and says --force is needed.
    const dry = await runCli(['remove-claim', 'first-write-after-reply', '--dry-run'], { cwd: root });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Removing claim "first-write-after-reply" of pi/27-chapter (contradicted; anchored on');
    expect(dry.stdout).toContain('Run again without --dry-run and with --force to apply.');
    expect(dry.stderr).toContain('its words still read in content/books/pi/27-chapter.mdx');
    // Once the sentence is gone, the warning goes with it: no --force.
    const prose = await readFile(file('27-chapter.mdx'), 'utf8');
    const sentence = /A new session leaves nothing on disk until the first assistant reply arrives;[^\n]*?so far\./.exec(prose);
    expect(sentence, 'the sentence of first-write-after-reply').not.toBeNull();
    await editFile(file('27-chapter.mdx'), sentence![0], '');
    const gone = await runCli(['remove-claim', 'first-write-after-reply'], { cwd: root });
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toContain('Removing claim "first-write-after-reply" of pi/27-chapter (contradicted; anchored on "A new session leaves nothing on disk until the first assistant reply arrives; on…", words the prose no longer has)');
  });

  it('says, with several claims, which removed claims each evidence item bore on, and that errors it leaves are still there', async () => {
    // Chapter 26: usage-block's and response-model's sentences deleted; one item bore on both and assistant-names-model.
    await editFile(file('26-chapter.mdx'), USAGE, '');
    const prose = await readFile(file('26-chapter.mdx'), 'utf8');
    const response = /When the provider reports which concrete model served a request, pi keeps that name in `responseModel`\. ?/.exec(prose);
    expect(response, 'the sentence of response-model').not.toBeNull();
    await editFile(file('26-chapter.mdx'), response![0], '');
    // Another claim's sentence deleted too, not removed: an error the removal leaves.
    await editFile(file('26-chapter.mdx'), 'The cost in that block is an estimate pi computes from its own price catalogue.', '');
    const run = await runCli(['remove-claim', 'usage-block', 'response-model'], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Removing claim "usage-block" of pi/26-chapter');
    expect(run.stdout).toContain('Removing claim "response-model" of pi/26-chapter');
    expect(run.stdout).toContain('  evidence "message-types-assistant" (validated, supports, source "pi-message-types-doc") stays, on assistant-names-model (response-model, usage-block taken off it)\n');
    expect(run.stdout).toContain('  evidence "types-assistant-fields" (validated, supports, source "pi-ai-types-src") stays, on assistant-names-model (usage-block taken off it)\n');
    expect(run.stderr).toBe('note: pi/26-chapter still has an error this leaves as it was: `research-pack check` lists it.\n');
    const check = await runCli(['check'], { cwd: root });
    expect(check.stderr + check.stdout).toContain('the quote of claim "cost-estimate"');
    expect(check.stderr + check.stdout).toMatch(/\n1 error\(s\)/);
  });

  it('says what to do for an unknown claim, claims of two chapters, and no claim at all', async () => {
    const unknown = await runCli(['remove-claim', 'usage-blok'], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no claim "usage-blok"; did you mean "usage-block"?');
    const two = await runCli(['remove-claim', 'usage-block', 'header-metadata-only'], { cwd: root });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('"usage-block" is a claim of pi/26-chapter and "header-metadata-only" of pi/27-chapter: remove the claims of one chapter per call');
    const wrong = await runCli(['remove-claim', 'usage-block', '--chapter', 'pi/27-chapter'], { cwd: root });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('pi/27-chapter has no claim "usage-block": it is a claim of pi/26-chapter');
    const typo = await runCli(['remove-claim', 'usage-block', '--chapter', 'pi/26-chaptre'], { cwd: root });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("no chapter pi/26-chaptre; give --chapter <book>/<chapter>, the book's folder and the chapter's file name without .md or .mdx, e.g. pi/26-chapter");
    // The chapter's file, as a path, or the chapter alone in a project of one book, names it too.
    for (const chapter of ['content/books/pi/26-chapter.mdx', '26-chapter']) {
      const named = await runCli(['remove-claim', 'usage-block', '--chapter', chapter, '--dry-run'], { cwd: root });
      expect(named.code, named.stderr).toBe(0);
    }
    const none = await runCli(['remove-claim'], { cwd: root });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('`remove-claim` needs the claims to remove');
  });
});
