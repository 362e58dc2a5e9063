/**
 * Section 1: the fingerprint of the revision read.
 */
import { describe, expect, it } from 'vitest';
import { formatProblems } from '../../../src/problems/format.js';
import { FINGERPRINT, parse, report } from './sample-report.js';

describe('readContext', () => {
  it('warns when section 1 gives no fingerprint, or several', () => {
    const none = parse(report({ 1: '- By: A. Researcher\n- Date: 2026-12-06' }));
    expect(formatProblems(none.problems)).toBe(
      'report.md:3:1  context.fingerprint  warning: section 1 does not give the fingerprint (sha256) of the chapter revision it read; the pass will record none, and no one can tell later which revision it checked  (hint: copy the "Chapter prose fingerprint" line of the brief into section 1)  [report/no-fingerprint]',
    );
    expect(none.report.fingerprint).toBeUndefined();
    const upper = 'AB'.repeat(32);
    const several = parse(report({ 1: `- Commit: ${'cd'.repeat(32)}\n- Chapter prose fingerprint: ${upper}` }));
    expect(several.report.fingerprint).toEqual({ value: upper.toLowerCase(), line: 6, column: 30 });
    expect(formatProblems(several.problems)).toContain('warning: section 1 gives 2 different sha256 digests; the pass records abababababab…');
  });

  it('warns when section 1 does not say on which day the pass was made, naming a date it mentions, not taking it (an outside researcher\'s report)', () => {
    const prose = parse(report({ 1: `By: M. Researcher\n\nI read the chapter snapshot with fingerprint ${FINGERPRINT} on 2026-12-06. Scope: two claims.` }));
    expect(prose.report.date).toBeUndefined();
    expect(formatProblems(prose.problems)).toBe(
      'report.md:3:1  context.date  warning: section 1 does not say on which day the pass was made (2026-12-06, on line 7, is a date section 1 mentions); the pass and its leads are dated the day of the ingest  (hint: add a line "Date: YYYY-MM-DD" to section 1, or give --date YYYY-MM-DD)  [report/no-date]',
    );
    const silent = parse(report({ 1: `By: M. Researcher\nFingerprint: ${FINGERPRINT}` }));
    expect(formatProblems(silent.problems)).toContain('warning: section 1 does not say on which day the pass was made; the pass and its leads are dated the day of the ingest');
    // A date there, not written as YYYY-MM-DD: said at its line, with the day it reads as (an outside researcher's "7 Dec 2026").
    const odd = parse(report({ 1: `By: M. Researcher\nDate: 7 Dec 2026\nFingerprint: ${FINGERPRINT}` }));
    expect(odd.report.date).toBeUndefined();
    expect(formatProblems(odd.problems)).toBe(
      'report.md:6:1  context.date  warning: the date of the pass, "7 Dec 2026", is not written as YYYY-MM-DD; the pass and its leads are dated the day of the ingest  (hint: did you mean 2026-12-07? write Date: 2026-12-07, or give --date 2026-12-07)  [report/invalid-value]',
    );
    expect(formatProblems(parse(report({ 1: `By: M. Researcher\nDate: last Tuesday\nFingerprint: ${FINGERPRINT}` })).problems)).toContain('(hint: write it as YYYY-MM-DD (Date: 2026-12-07), or give --date YYYY-MM-DD)');
    // Said in any of the ways section 1 may say it: no warning.
    for (const said of ['Date: 2026-12-06', 'Prepared 2026-12-06 by M. Researcher.', 'Today is 2026-12-06.']) {
      expect(parse(report({ 1: `By: M. Researcher\n\n${said}\n\nFingerprint: ${FINGERPRINT}` })).problems.map((problem) => problem.rule), said).toEqual([]);
    }
  });

  it('reads each line of a paragraph as its own label: who made the pass, its date, not the lines after', () => {
    const { report: data } = parse(report({ 1: `By: Dana Smith\nDate of the pass: 2026-12-02\nScope: the whole chapter\nFingerprint: ${FINGERPRINT}` }));
    expect(data.by).toMatchObject({ value: 'Dana Smith', line: 5, column: 1 });
    expect(data.date).toMatchObject({ value: '2026-12-02', line: 6, column: 1 });
    expect(data.fingerprint?.value).toBe(FINGERPRINT);
    // A summary wrapped onto the next lines keeps them; a name is one line.
    const wrapped = parse(report({ 1: `Summary: The chapter holds,\nbut one claim needs a source.\nBy: Dana Smith\nwho read it twice\nFingerprint: ${FINGERPRINT}` })).report;
    expect(wrapped.summary?.value).toBe('The chapter holds, but one claim needs a source.');
    expect(wrapped.by?.value).toBe('Dana Smith');
    // A hard break ends a line too.
    expect(parse(report({ 1: 'By: Dana Smith\\\nDate: 2026-12-02' })).report.by?.value).toBe('Dana Smith');
  });

  it('keeps a name with initials whole, without the date after it', () => {
    const byOf = (text: string) => parse(`# Report\n\n${text}\n\n${report({ 1: `- Fingerprint: ${FINGERPRINT}` }).slice('# Report\n\n'.length)}`).report.by?.value;
    expect(byOf('Prepared 2026-12-02 by Dana Q. Smith.')).toBe('Dana Q. Smith');
    expect(byOf('Prepared by Dana Q. Smith on 2026-12-02.')).toBe('Dana Q. Smith');
    expect(byOf('Prepared 2026-12-02 by J. R. R. Tolkien. Scope: all.')).toBe('J. R. R. Tolkien');
    expect(byOf('Prepared 2026-12-02 by Łucja Ś. Nowak.')).toBe('Łucja Ś. Nowak');
    expect(parse(report({ 1: '- By: Dana Q. Smith.' })).report.by?.value).toBe('Dana Q. Smith');
    // Labels that name who made the pass, as researchers write them.
    for (const label of ['Who did it', 'Who did the work', 'Done by', 'Checked by', 'Author of the report', 'Fact-checker'])
      expect(parse(report({ 1: `- ${label}: an AI research agent, working as a fact-checker. No human checked it.` })).report.by?.value, label).toBe('an AI research agent, working as a fact-checker');
    expect(parse(report({ 1: '- Chapter author: Dana Smith' })).report.by).toBeUndefined();
    // Labels about someone else are not who made the pass (a second review's cases).
    for (const label of ['Report written by', 'Written by', 'Research by', 'Run by'])
      expect(parse(report({ 1: `- ${label}: an AI research agent` })).report.by?.value, label).toBe('an AI research agent');
    for (const other of ['Requested by: Dana Smith (the chapter author)', 'Chapter written by: Dana Smith', 'Reviewed by: nobody yet', 'Commissioned by: the author'])
      expect(parse(report({ 1: `- ${other}\n- Researcher: an AI research agent` })).report.by?.value, other).toBe('an AI research agent');
    // The name's sentence ends after a parenthesis, a number or a short surname too.
    expect(parse(report({ 1: '- By: an AI research agent (Claude, in a sandbox). I did this pass alone.' })).report.by?.value).toBe('an AI research agent (Claude, in a sandbox)');
    expect(parse(report({ 1: '- By: Claude Opus 4.5. No human checked it.' })).report.by?.value).toBe('Claude Opus 4.5');
    expect(parse(report({ 1: '- By: Wei Li. Reviewed by no one.' })).report.by?.value).toBe('Wei Li');
    for (const name of ['Dra. Ana Ruiz', 'Dott. Marco Rossi', 'Mme. Claire Dubois', 'Univ. Prof. Jan Novak', 'Bc. Jan Novák', 'Ir. Jan de Vries', 'Mgr. Jana Nováková', 'Sra. Ana García'])
      expect(parse(report({ 1: `- By: ${name}. Reviewed twice.` })).report.by?.value, name).toBe(name);
    // A bold label that ends with a period is a label too.
    expect(parse(report({ 1: '- **Who did the work.** An AI research agent, working alone on 2026-12-06 (UTC), in about 45 minutes.' })).report.by?.value).toBe('An AI research agent');
    // What they did is not their name (an outside author's finding).
    expect(parse(report({ 1: '- **Who did the work.** An AI research agent did this pass, working in the style of a journalist and fact-checker. No human checked it.' })).report.by?.value).toBe('An AI research agent');
    expect(parse(report({ 1: '- By: Dana Smith carried out the research in two sittings.' })).report.by?.value).toBe('Dana Smith');
    expect(parse(report({ 1: '- **Date.** 2026-12-05, in one sitting.' })).report.date?.value).toBe('2026-12-05');
    // The name is the label's first sentence, not what the line goes on to say.
    expect(parse(report({ 1: '- **Who did this:** an AI research agent. This is the first pass recorded (brief §7).' })).report.by?.value).toBe('an AI research agent');
    expect(parse(report({ 1: '- By: Dr. Dana Q. Smith. Reviewed twice.' })).report.by?.value).toBe('Dr. Dana Q. Smith');
    expect(parse(report({ 1: '- By: Rev. Jane Doe. Reviewed twice.' })).report.by?.value).toBe('Rev. Jane Doe');
    // Abbreviations and initials do not end a name, in any case; a title does not end a name in prose either.
    for (const name of ['Md. Rahim Uddin', 'Ch. Müller, independent researcher', 'DR. DANA SMITH', 'Acme Research Inc. for the author'])
      expect(parse(report({ 1: `- By: ${name}` })).report.by?.value, name).toBe(name);
    expect(byOf('Prepared 2026-12-02 by Dr. Dana Smith.')).toBe('Dr. Dana Smith');
    expect(byOf('Prepared by Prof. Dana Smith on 2026-12-02.')).toBe('Prof. Dana Smith');
    expect(byOf('Prepared by Ch. Müller, independent researcher.')).toBe('Ch. Müller, independent researcher');
    expect(byOf('Prepared by Acme Research Inc. for the author.')).toBe('Acme Research Inc. for the author');
  });

  it('reads a By: line, and "I am" with a name, before section 1', () => {
    const before = (text: string) => parse(`# Report\n\n${text}\n\n${report({ 1: `- Fingerprint: ${FINGERPRINT}` }).slice('# Report\n\n'.length)}`).report;
    expect(before('By: Dana Smith').by).toMatchObject({ value: 'Dana Smith', line: 3, column: 1 });
    expect(before('Researcher: Dana Smith\nDate: 2026-12-02').date?.value).toBe('2026-12-02');
    expect(before('I am Dana Smith, a freelance researcher.').by?.value).toBe('Dana Smith, a freelance researcher');
    expect(before('I am an AI research agent.').by?.value).toBe('an AI research agent');
    expect(before('I am not sure of every date.').by).toBeUndefined();
    // The date of the pass: a label about the date first, then "prepared on …", then a line that says which date it is.
    const dated = (above: string, first: string) => parse(`# Report\n\n${above}\n\n${report({ 1: `${first}\n\n- Fingerprint: ${FINGERPRINT}` }).slice('# Report\n\n'.length)}`).report.date?.value;
    expect(dated('Prepared by an AI research agent on 2026-12-06.', '1. **Versions.** The newest code I could date is v0.58.3 (2026-03-15).\n\n**Date of work:** 2026-12-04.')).toBe('2026-12-04');
    expect(dated('Prepared by an AI research agent on 2026-12-06.', '1. **Versions.** The newest code I could date is v0.58.3 (2026-03-15).')).toBe('2026-12-06');
    expect(dated('Notes.', 'The newest code I could date is v0.58.3 (2026-03-15).')).toBeUndefined();
    expect(dated('Notes.', 'Today is 2026-12-05, and the newest code I could date is v0.58.3 (2026-03-15).')).toBe('2026-12-05');
    // A label about another date is not the pass's (an outside review's cases); one about the pass is, however it is written.
    expect(dated('Prepared by an AI research agent on 2026-12-06.', '- Release date of pi: v0.58.3, 2026-03-15.\n- Brief date: 2026-12-01')).toBe('2026-12-06');
    expect(dated('Notes.', '- Date of pass (ISO 8601): 2026-12-04')).toBe('2026-12-04');
    expect(dated('Notes.', '2026-12-03 is the date of this pass.')).toBe('2026-12-03');
    expect(dated('Notes.', 'The docs were last brought up to date on 2026-03-15.')).toBeUndefined();
    expect(dated('Notes.', '**Who did this.** I am an AI research agent. I did this pass on 2026-12-01.')).toBe('2026-12-01');
    expect(dated('Notes.', '- **Who did the work.** An AI research agent, working alone on 2026-12-06 (UTC).')).toBe('2026-12-06');
    expect(dated('Notes.', '- When: 2026-12-04')).toBe('2026-12-04');
    expect(dated('Notes.', '**Who did the work.** An AI research agent. I did it on 2026-12-06.\n\n- Its HEAD is commit 83378aa, dated 2026-03-15.')).toBe('2026-12-06');
    expect(dated('Notes.', 'I was working on the changelog entry of 2026-03-15 first. Today is 2026-12-06.')).toBe('2026-12-06');
    expect(dated('Notes.', '- When (UTC): 2026-12-04')).toBe('2026-12-04');
    for (const label of ['Date of release of pi: 2026-03-15', 'Date of the chapter revision: 2026-11-28', 'When the chapter last changed: 2026-11-28'])
      expect(dated('Prepared by an AI research agent on 2026-12-06.', `- ${label}`), label).toBe('2026-12-06');
    expect(before('I am UNABLE to access the archive.').by).toBeUndefined();
    // Section 1's line is taken before one above it.
    expect(parse(`# Report\n\nBy: Someone Else\n\n${report().slice('# Report\n\n'.length)}`).report.by?.value).toBe('A. Researcher');
  });
});
