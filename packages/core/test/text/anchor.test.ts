import type { Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { anchorClaims, type AnchorFiles } from '../../src/text/anchor.js';
import { SELECTOR_CONTEXT } from '../../src/text/selectors.js';
import type { Claim } from '../../src/schema/sidecars.js';
import { extractChapterText } from '../../src/text/snapshot.js';

function chapterText(source: string) {
  const root = markdownToMdast(source, { features: { directive: true, smartPunctuation: false, gfm: true, frontmatter: true }, position: true }) as Root;
  return extractChapterText(root, { source });
}

function mdxChapterText(source: string) {
  const root = mdxToMdast(source, { features: { directive: true, smartPunctuation: false, gfm: true, frontmatter: true }, position: true }) as Root;
  return extractChapterText(root, { source });
}

const files: AnchorFiles = {
  chapter: 'content/books/pi/27-chapter.mdx',
  claims: 'content/books/pi/27-chapter.claims.yaml',
  locate: (index, field) => ({ line: 2 + index * 5 + (field === 'anchor.quote' ? 2 : field === 'anchor' ? 1 : 0), column: field === 'anchor.quote' ? 14 : 5 }),
};

function quote(id: string, anchor: { quote: string; prefix?: string; suffix?: string }): Claim {
  return { id, anchor, verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' };
}
function directive(id: string): Claim {
  return { id, anchor: 'directive', verdict: { status: 'unverified' }, priority: 'medium', response: 'no-change' };
}

const prose = `# Sessions

Each line of a session file is one JSON object. The header comes first.

Entries form a tree: *each entry points at its parent* through [\`parentId\`](https://example.org).

The header comes first. Readers rely on it.
`;

describe('anchorClaims', () => {
  it('anchors an exact quote across emphasis, links and inline code', () => {
    const { anchors, problems } = anchorClaims(chapterText(prose), [quote('tree', { quote: 'each entry points at its parent through parentId' })], files);
    expect(problems).toEqual([]);
    const anchor = anchors.get('tree')!;
    expect(anchor).toMatchObject({ id: 'tree', text: 'each entry points at its parent through parentId', anchoring: 'exact', location: { line: 5, column: 23 } });
    expect(anchor.textHash).toMatch(/^[0-9a-f]{16}$/);
    expect(anchor.selectors.quote.prefix).toBe('one JSON object. The header comes first.\n\nEntries form a tree: '.slice(-SELECTOR_CONTEXT));
    expect(anchor.selectors.quote.suffix).toBe('.\n\nThe header comes first. Reade');
    expect(anchor.selectors.position.end - anchor.selectors.position.start).toBe(anchor.text.length);
  });

  it('uses the prefix or suffix to choose between several exact matches', () => {
    const text = chapterText(prose);
    const byPrefix = anchorClaims(text, [quote('later', { quote: 'The header comes first.', prefix: 'a tree. ' })], files);
    const bySuffix = anchorClaims(text, [quote('later', { quote: 'The header comes first.', suffix: ' Readers' })], files);
    expect(byPrefix.problems).toEqual([]);
    expect(bySuffix.anchors.get('later')!.location.line).toBe(7);
    expect(byPrefix.anchors.get('later')!.location.line).toBe(3);
  });

  it('warns when the only place of a quote is not after its prefix or before its suffix: the sentence reviewed may be gone', () => {
    const text = chapterText('Intro: the sky is blue. Outro: the sky is grey.\n');
    const moved = anchorClaims(text, [quote('sky', { quote: 'the sky is blue', prefix: 'Outro: ' })], files);
    expect(moved.anchors.get('sky')!.location).toMatchObject({ line: 1, column: 8 });
    expect(moved.problems).toMatchObject([{ rule: 'anchor/context-changed', severity: 'warning', path: 'claims[0].anchor.prefix' }]);
    expect(moved.problems[0]!.message).toBe(
      'the quote of claim "sky" stands once in content/books/pi/27-chapter.mdx (content/books/pi/27-chapter.mdx:1:8), but its prefix "Outro: " is not before it: the chapter reads "Intro: " there; if the sentence it was given for changed, the claim now marks other words',
    );
    expect(anchorClaims(text, [quote('sky', { quote: 'the sky is grey', suffix: ' and blue' })], files).problems).toMatchObject([{ rule: 'anchor/context-changed', path: 'claims[0].anchor.suffix' }]);
    // Context that still stands there, whatever its white space, and across a paragraph break, is quiet.
    for (const anchor of [
      { quote: 'the sky is blue', prefix: 'Intro:  ', suffix: '. Outro' },
      { quote: 'the sky is grey', prefix: 'blue.   Outro: ' },
    ]) {
      expect(anchorClaims(text, [quote('sky', anchor)], files).problems, JSON.stringify(anchor)).toEqual([]);
    }
    expect(anchorClaims(chapterText(prose), [quote('tree', { quote: 'each entry points at its parent', prefix: 'comes first.\n\nEntries form a tree: ' })], files).problems).toEqual([]);
  });

  it('reports an ambiguous quote, where it is and what prefix would choose', () => {
    const { anchors, problems } = anchorClaims(chapterText(prose), [directive('unused-here'), quote('first', { quote: 'The header comes first.' })], files);
    expect(anchors.has('first')).toBe(false);
    expect(problems.filter((problem) => problem.rule === 'anchor/ambiguous')).toEqual([
      {
        file: 'content/books/pi/27-chapter.claims.yaml',
        line: 9,
        column: 14,
        path: 'claims[1].anchor.quote',
        rule: 'anchor/ambiguous',
        severity: 'error',
        claim: 'first',
        message:
          'the quote of claim "first" ("The header comes first.") is found 2 times in content/books/pi/27-chapter.mdx (at 3:49, 7:1), and no prefix or suffix says which one is meant',
        hint: 'add prefix: "object. " to choose the one at 3:49 (`research-pack anchor first --quote "…" --prefix "object. "`), or quote a longer passage',
      },
    ]);
  });

  it('re-anchors an edited quote approximately and says so', () => {
    const reviewed: Claim = { ...quote('object', { quote: 'Every line of the session file is one JSON object.' }), verdict: { status: 'supported', date: '2026-01-01', rationale: 'Checked.' } };
    const { anchors, problems } = anchorClaims(chapterText(prose), [reviewed], files);
    expect(anchors.get('object')).toMatchObject({ anchoring: 'fuzzy', text: 'Each line of a session file is one JSON object.' });
    // Says so as a warning, with the quote, the text found and where it is, so that a typo in a quote does not pass silently.
    expect(problems).toEqual([
      {
        rule: 'anchor/fuzzy',
        severity: 'warning',
        claim: 'object',
        file: files.claims,
        line: 4,
        column: 14,
        path: 'claims[0].anchor.quote',
        message: `the quote of claim "object" ("Every line of the session file is one JSON object.") is not in ${files.chapter} as written; the closest text (${files.chapter}:3:1) is "Each line of a session file is one JSON object.", where the claim is anchored and shows as stale`,
        hint: 'that text may be only part of the sentence as it now reads (words added, a sentence split): anchor the claim on the words it now has (the words only, without Markdown) with `research-pack anchor object --quote "…"`, then review its verdict on them; if the verdict holds for exactly that text, `research-pack reviewed object` re-anchors the claim on it and re-confirms the verdict; if the sentence it was given for was deleted and that text is another, `research-pack remove-claim object` takes the claim out',
      },
    ]);
    // A claim not reviewed yet has no verdict to review, nor shows as stale: its quote is mistyped.
    const unreviewed = anchorClaims(chapterText(prose), [quote('object', { quote: 'Every line of the session file is one JSON object.' })], files).problems[0]!;
    expect(unreviewed.message).toMatch(/, where the claim is anchored$/);
    expect(unreviewed.hint).toBe('anchor the claim on that text: `research-pack anchor object --quote "…"` (or copy it into anchor.quote); if the sentence it was given for was deleted and that text is another, `research-pack remove-claim object` takes the claim out');
    const orphan = anchorClaims(chapterText(prose), [quote('gone', { quote: 'Readers ignore the header entirely.' })], files).problems[0]!;
    expect(orphan.hint).toBe('anchor the claim on its words exactly as they read in the chapter (the words only, without the backticks, asterisks or link brackets of their Markdown) with `research-pack anchor gone --quote "…"`, or copy them into anchor.quote; if the sentence was deleted, `research-pack remove-claim gone` takes the claim out, with the evidence that bore on it alone');
  });

  it('reports an orphan with the closest text found', () => {
    const { problems } = anchorClaims(chapterText(prose), [quote('gone', { quote: 'Readers ignore the header entirely.' })], files);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'anchor/orphan', file: files.claims, line: 4, column: 14, path: 'claims[0].anchor.quote' });
    expect(problems[0]!.message).toBe(
      'the quote of claim "gone" ("Readers ignore the header entirely.") is not in content/books/pi/27-chapter.mdx; the closest text (content/books/pi/27-chapter.mdx:7:1) is "The header comes first. Readers rely on it."',
    );
  });

  it('offers as the closest text whole sentences, not the tail of one and a piece of the next (an outside author\'s finding)', () => {
    const paragraph =
      '---\ntitle: T\nnumber: 1\n---\n\nEvery assistant message names the model that wrote it. Read them with care when you ask which model wrote a line of code: `model` is the model pi asked for. Dr. Smith checked it. When the auto router picks one, pi records the reported name.\n';
    const message = (words: string) => anchorClaims(chapterText(paragraph), [quote('moved', { quote: words })], files).problems[0]!.message;
    // The quote as it read before the prose was edited.
    expect(message('These are the fields to trust when you ask which model wrote a line of code.')).toContain(
      'the closest text (content/books/pi/27-chapter.mdx:6:56) is "Read them with care when you ask which model wrote a line of code: model is the model pi asked for."',
    );
    // An initial or a title's period ends no sentence.
    expect(message('Dr. Smith checked it all.')).toContain('is "Dr. Smith checked it."');
  });

  it('never lets a quote cross a paragraph, a table cell or a code block', () => {
    const text = chapterText('One paragraph ends here.\n\nAnother begins.\n\n| a | b |\n| - | - |\n| left | right |\n\n```\ncode line\n```\n');
    const { anchors, problems } = anchorClaims(text, [quote('cross', { quote: 'ends here. Another begins' }), quote('cells', { quote: 'left | right' }), quote('code', { quote: 'code line' })], files);
    expect(anchors.size).toBe(0);
    expect(problems.map((problem) => problem.rule)).toEqual(['anchor/orphan', 'anchor/orphan', 'anchor/orphan']);
    // The one across two paragraphs says so, and where it starts.
    expect(problems[0]!.message).toBe(
      'the quote of claim "cross" ("ends here. Another begins") runs from one block of content/books/pi/27-chapter.mdx into the next (content/books/pi/27-chapter.mdx:1:15): a quote stays within one paragraph, list item, table cell or heading',
    );
    expect(problems[0]!.hint).toBe('quote the words of one block (the sentence that carries the claim), or split it into one claim for each block');
  });

  it('refuses a quote whose edge falls inside what a reader sees as one character: an emoji sequence, a flag, a skin tone', () => {
    const text = chapterText('The family \u{1F469}\u200D\u{1F469}\u200D\u{1F467} emoji, the flags \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} pair, a wave \u{1F44B}\u{1F3FD} here.\n');
    const cases = [
      { quote: 'The family \u{1F469}', edge: 'ends inside "\u{1F469}\\u200d\u{1F469}\\u200d\u{1F467}"' },
      { quote: '\u{1F1F7}\u{1F1E9}\u{1F1EA} pair', edge: 'starts inside "\u{1F1EB}\u{1F1F7}"' },
      { quote: 'a wave \u{1F44B}', edge: 'ends inside "\u{1F44B}\u{1F3FD}"' },
    ];
    for (const { quote: words, edge } of cases) {
      const { problems } = anchorClaims(text, [quote('cut', { quote: words })], files);
      expect(problems.map((problem) => [problem.rule, problem.severity]), words).toEqual([['anchor/inside-character', 'error']]);
      expect(problems[0]!.message, words).toContain(`the quote of claim "cut" ${edge}`);
    }
    // An approximate match that ends between the two halves of an emoji (they share the first) is caught too.
    const halves = anchorClaims(chapterText('The team said yes \u{1F603} to the plan.\n'), [quote('half', { quote: 'The team said yes \u{1F600}' })], files).problems;
    expect(halves.map((problem) => problem.rule)).toContain('anchor/inside-character');
    // A flag's letters pair from the start of their run, however long the run: twenty flags, a quote from the second letter of the eighteenth.
    const flags = '\u{1F1EB}\u{1F1F7}'.repeat(20);
    const long = chapterText(`Flags: ${flags} end of the run.\n`);
    const late = anchorClaims(long, [quote('late', { quote: `\u{1F1F7}${'\u{1F1EB}\u{1F1F7}'.repeat(2)} end of the run` })], files).problems;
    expect(late.map((problem) => problem.rule)).toEqual(['anchor/inside-character']);
    expect(anchorClaims(long, [quote('whole', { quote: `${'\u{1F1EB}\u{1F1F7}'.repeat(3)} end of the run` })], files).problems).toEqual([]);
    // Whole characters, at either edge, are quiet.
    for (const words of ['The family \u{1F469}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F1E9}\u{1F1EA} pair', 'a wave \u{1F44B}\u{1F3FD} here']) {
      expect(anchorClaims(text, [quote('whole', { quote: words })], files).problems, words).toEqual([]);
    }
  });

  it('matches typographic punctuation to the ASCII an author types', () => {
    const { anchors } = anchorClaims(chapterText('The reader\u2019s \u201Cversion\u201D field \u2013 always\u2026 read.\n'), [quote('q', { quote: 'reader\'s "version" field -- always...' })], files);
    expect(anchors.get('q')).toMatchObject({ anchoring: 'exact', text: 'reader\u2019s \u201Cversion\u201D field \u2013 always\u2026' });
  });

  it('anchors directive claims and reports directive problems with chapter positions', () => {
    const text = chapterText('A :claim[first]{#known} and :claim[second]{#unknwn}.\n\n:claim[again]{#known} and :claim[quoted]{#by-quote} and :claim[no id].\n');
    const { anchors, problems } = anchorClaims(text, [directive('known'), directive('missing'), quote('by-quote', { quote: 'quoted' }), directive('unknown')], files);
    expect(anchors.get('known')).toMatchObject({ anchoring: 'directive', text: 'first', location: { line: 1, column: 3 } });
    expect(problems.map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.rule} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`)).toEqual([
      'content/books/pi/27-chapter.mdx:1:29 anchor/unknown-directive :claim directive names "unknwn", which is not a claim in content/books/pi/27-chapter.claims.yaml (content/books/pi/27-chapter.claims.yaml has "unknown", spelled nearly the same: fix whichever of the two ids is misspelled, here or in content/books/pi/27-chapter.claims.yaml)',
      'content/books/pi/27-chapter.mdx:3:1 anchor/duplicate-directive claim "known" is marked twice in the prose (first at content/books/pi/27-chapter.mdx:1:3) (a claim is one place in the prose: keep one :claim directive with this id and give the other claim its own id)',
      'content/books/pi/27-chapter.mdx:3:27 anchor/directive-for-quote-claim claim "by-quote" is marked in the prose, but content/books/pi/27-chapter.claims.yaml:13:5 anchors it by quote (use one of the two: set its anchor to "directive", or remove the :claim markup)',
      'content/books/pi/27-chapter.mdx:3:57 anchor/directive-without-id this :claim directive has no id (give it the id of a claim in the claims sidecar: :claim[the sentence]{#claim-id})',
      'content/books/pi/27-chapter.claims.yaml:8:5 anchor/missing-directive claim "missing" is anchored by directive, but content/books/pi/27-chapter.mdx has no :claim[...]{#missing} (mark the sentence in the chapter as :claim[the sentence]{#missing}, or anchor the claim by quote; if the sentence was deleted, `research-pack remove-claim missing` takes the claim out, with the evidence that bore on it alone)',
      'content/books/pi/27-chapter.claims.yaml:18:5 anchor/missing-directive claim "unknown" is anchored by directive, but content/books/pi/27-chapter.mdx has no :claim[...]{#unknown} (mark the sentence in the chapter as :claim[the sentence]{#unknown}, or anchor the claim by quote; if the sentence was deleted, `research-pack remove-claim unknown` takes the claim out, with the evidence that bore on it alone)',
    ]);
  });

  it('says when a quote keeps the Markdown a reader does not see (an outside author\'s finding: a vague hint for a backtick)', () => {
    const { problems } = anchorClaims(chapterText('Each entry names its parent in the `parentId` field of the line.\n'), [quote('c1', { quote: 'names its parent in the `parentId` field' })], files);
    expect(problems[0]).toMatchObject({ rule: 'anchor/fuzzy', hint: 'the quote keeps Markdown the text does not have ("`"): anchor the claim on that text, the words only: `research-pack anchor c1 --quote "…"` (or copy them into anchor.quote)' });
  });

  it("says when an orphan's closest text is another claim's, and does not offer it (an outside author's finding)", () => {
    const text = chapterText('Objects in a pack may be stored as deltas against other objects in the same pack.\n\nThe idx file maps each object name to its offset.\n');
    const { problems } = anchorClaims(
      text,
      [quote('delta-in-pack', { quote: 'Objects in a pack may be stored as deltas against other objects in the same pack.' }), quote('pack-index', { quote: 'A pack index lets Git find objects in a pack without reading the pack.' })],
      files,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^the quote of claim "pack-index" \(.*\) is not in content\/books\/pi\/27-chapter\.mdx; the closest text \(content\/books\/pi\/27-chapter\.mdx:1:1\) is "Objects in a pack .*", which is the text of claim "delta-in-pack"$/);
    expect(problems[0]!.hint).toMatch(/^that text is another claim's: the sentence this claim quoted was probably rewritten or deleted/);
    // The commands for both cases, with this claim's id (an outside author's finding: the hint named no command).
    expect(problems[0]!.hint).toContain('`research-pack anchor pack-index --quote "…"`');
    expect(problems[0]!.hint).toContain('`research-pack remove-claim pack-index` takes the claim out');
  });

  it("names the id a space keeps from its directive (an outside author's finding: \"has no id\" read as wrong)", () => {
    const { problems } = anchorClaims(chapterText('The log :claim[keeps every change] {#kept} on disk.\n'), [directive('kept')], files);
    expect(`${problems[0]!.rule} ${problems[0]!.message} (${problems[0]!.hint})`).toBe(
      'anchor/directive-without-id this :claim directive has no id: its {#kept} is a space away from its "]", so it is text of the chapter, not the directive\'s (write :claim[the sentence]{#kept}, with nothing between "]" and "{")',
    );
    // In MDX the same line does not parse: the braces after the space are an expression; the parse error says the same.
    expect(() => mdxChapterText('The log :claim[keeps every change] {#kept} on disk.\n')).toThrow();
  });

  it('warns when a claim holds an MDX expression or a childless component, which the snapshot leaves out', () => {
    const text = mdxChapterText(
      'There are {count} widgets :claim[at {price}€ each, {/* checked */} or <Tax /> more]{#price} in stock.\n\nThe build takes {minutes} minutes<br />on a laptop.\n',
    );
    const report = (claims: Claim[]) => anchorClaims(text, [...claims, ...(claims.some((claim) => claim.id === 'price') ? [] : [directive('price')])], files).problems.filter((problem) => claims.some((claim) => problem.message.startsWith(`claim "${claim.id}"`))).map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.rule} ${problem.severity} ${problem.message} (${problem.hint})`);
    expect(report([directive('price')])).toEqual([
      'content/books/pi/27-chapter.mdx:1:37 anchor/expression warning claim "price" holds the MDX expression "{price}" (and 1 more), whose output only the rendered page shows: the snapshot, the brief and the claim audit read "at € each, or more" (write the value into the claim\'s words, or move it outside :claim[…]{#price}: a researcher checks the words the brief gives)',
    ]);
    expect(report([quote('count', { quote: 'There are widgets' })])).toEqual([
      'content/books/pi/27-chapter.mdx:1:11 anchor/expression warning claim "count" holds the MDX expression "{count}", whose value only the rendered page shows: the snapshot, the brief and the claim audit read "There are widgets" (write the value into the prose, or quote words that leave it out: a researcher checks the words the brief gives)',
    ]);
    expect(report([quote('laptop', { quote: 'takes minutes on a laptop' })]).map((line) => line.split(' (')[0])).toEqual([
      'content/books/pi/27-chapter.mdx:3:17 anchor/expression warning claim "laptop" holds the MDX expression "{minutes}", whose value only the rendered page shows: the snapshot, the brief and the claim audit read "takes minutes on a laptop"',
    ]);
    // A component alone in a directive; words beside an expression that do not span it; a comment and a line break: quiet.
    expect(anchorClaims(mdxChapterText('Pay :claim[the <Tax /> rate]{#tax} now.\n'), [directive('tax')], files).problems.map((problem) => problem.message)).toEqual([
      'claim "tax" holds the component "<Tax />", whose output only the rendered page shows: the snapshot, the brief and the claim audit read "the rate"',
    ]);
    expect(report([quote('after', { quote: 'widgets' }), quote('before', { quote: 'There are' }), quote('break', { quote: 'minutes on a laptop' })])).toEqual([]);
    expect(anchorClaims(mdxChapterText('A :claim[checked {/* by hand */} fact]{#c} and {count} more.\n'), [directive('c')], files).problems).toEqual([]);
    // HTML elements and a JSX space are no components nor values (an outside review's cases).
    expect(anchorClaims(mdxChapterText('A :claim[long<wbr />word{" "}here <a id="x" /> now]{#c}.\n'), [directive('c')], files).problems).toEqual([]);
    // A directive that holds only an expression says so.
    const only = anchorClaims(mdxChapterText('It costs :claim[{price}]{#p} today.\n'), [directive('p')], files).problems;
    expect(only.map((problem) => `${problem.rule} ${problem.message} (${problem.hint})`)).toEqual([
      'anchor/empty-directive :claim directive "p" holds only "{price}", whose output the text leaves out: it marks no words (write the claim\'s words between the brackets, the value written out: :claim[the sentence]{#p}; an expression or component may stand beside them)',
    ]);
  });

  it('works from a snapshot alone', () => {
    const { anchors } = anchorClaims({ snapshot: 'First block.\n\nSecond block here.\n', fingerprint: '', directives: [] }, [quote('b', { quote: 'block here' })], files);
    expect(anchors.get('b')?.location).toEqual({ start: 21, end: 31, line: 0, column: 0 });
  });

  it('anchors 20 quotes in a 30,000-word chapter in milliseconds', () => {
    const words = ['session', 'entry', 'header', 'parent', 'branch', 'reader', 'writer', 'format', 'version', 'line'];
    const paragraphs: string[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let p = 0; p < 1000; p++) {
      const sentence: string[] = [];
      for (let w = 0; w < 30; w++) sentence.push(words[next() % words.length]!);
      paragraphs.push(`Paragraph ${p}: ${sentence.join(' ')}.`);
    }
    const source = paragraphs.join('\n\n');
    const text = chapterText(source);
    const claims = Array.from({ length: 20 }, (_, index) => {
      const paragraph = paragraphs[index * 50 + 3]!;
      return quote(`q${index}`, { quote: paragraph.slice(0, 80) });
    });
    const started = performance.now();
    const { anchors, problems } = anchorClaims(text, claims, files);
    const elapsed = performance.now() - started;
    expect(problems).toEqual([]);
    expect(anchors.size).toBe(20);
    expect(elapsed).toBeLessThan(250);
  });
});
