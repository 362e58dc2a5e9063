/**
 * Editing a sidecar key by key, as the decisions do (a verdict's keys set or
 * removed, one edit), on mappings of every shape: whatever keys are there
 * and whichever are set, added or removed, in whatever order, the text
 * written reads back as the data asked for. The seed is fixed so that
 * `npm test` is repeatable (`FUZZ_SEED=<n>` runs another).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, isMap, parse, visit } from 'yaml';
import { editYaml, SIDECAR_KEY_ORDER } from '../../src/ingest/yaml-edit.js';

const KEYS = ['status', 'date', 'rationale', 'textHash', 'text', 'by'];
const SEED = Number(process.env.FUZZ_SEED ?? 20261206);

/** A value as authors and the CLI write them: short, long enough to fold, or with characters YAML must quote. */
const value = fc.oneof(
  fc.constantFrom('supported', 'unverified', '2026-11-29', '6654a850b0b88adc', 'J. Author'),
  fc.array(fc.constantFrom('The', 'notes', 'say', 'so', 'each', 'line', 'holds', 'one', 'object', '[S4].', 'fields', 'of', '1.6.0', 'a', 'type'), { minLength: 8, maxLength: 40 }).map((words) => words.join(' ')),
  fc.constantFrom('a: b', '# not a comment', '"quoted"', "it's", '- dash', 'yes', '12', 'x\ny', ''),
);

/** A verdict: some of its keys, in schema order, with values. */
const verdict = fc.subarray(KEYS, { minLength: 1 }).chain((keys) => fc.tuple(...keys.map((key) => value.map((text) => [key, text] as const))));

/** What to do to each key of a verdict: leave it, set it to a value, or remove it. */
const ops = fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.option(value, { nil: undefined })), { maxLength: KEYS.length }).map((list) => {
  const seen = new Set<string>();
  return list.filter(([key]) => !seen.has(key) && seen.add(key));
});

describe('editYaml, key by key', () => {
  it('writes text that reads back as the data asked for, whatever the keys there, the keys set or removed and the line endings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(verdict, ops), { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (claims, folded, commented, crlf, unterminated, appended, flow, appendFirst, verdictLast) => {
        // With the verdict as the last key of the last claim, a key it gains ends where an appended claim starts (an outside author's finding).
        const data = { claims: claims.map(([entries], index) => (verdictLast ? { id: `c${index}`, priority: 'high', verdict: Object.fromEntries(entries) } : { id: `c${index}`, verdict: Object.fromEntries(entries), priority: 'high' })) };
        const document = new Document(data);
        // Verdicts written in flow style (`verdict: { status: …, by: … }`), as some authors write them.
        if (flow) visit(document, { Map: (key, node) => void (key === 'value' && isMap(node) && node.items.some((pair) => KEYS.includes(String(pair.key))) && !node.items.some((pair) => String(pair.key) === 'id') && (node.flow = true)) });
        let text = document.toString({ lineWidth: folded ? 40 : 0 });
        // A comment line of the author's above a verdict key, which must stay a comment.
        if (commented) text = text.replace(/\n( {6})(date|rationale|by):/, '\n$1# checked by hand\n$1$2:');
        // A file whose last line has no line break.
        if (unterminated) text = text.replace(/\n$/, '');
        // A file written on Windows keeps its line endings.
        if (crlf) text = text.replace(/\n/g, '\r\n');
        const expected = structuredClone(data);
        let emptied = false;
        const edit = editYaml(text, SIDECAR_KEY_ORDER.claims, 'chapter.claims.yaml');
        // A claim accepted in the same edit (accept-claim) is appended to the list, before or after the other decisions.
        const added = { id: 'new-claim', anchor: { quote: 'the words found' }, verdict: { status: 'unverified' } };
        if (appended && appendFirst) edit.append('claims', [added], { comment: 'Accepted by J. Author' });
        for (const [index, [, list]] of claims.entries()) {
          for (const [key, next] of list) {
            const path = ['claims', index, 'verdict', key];
            const target = expected.claims[index]!.verdict as Record<string, string>;
            if (next === undefined) {
              edit.unset(path);
              delete target[key];
              if (Object.keys(target).length === 0) emptied = true;
            } else {
              edit.set(path, next, KEYS);
              target[key] = next;
            }
          }
        }
        if (appended && !appendFirst) edit.append('claims', [added], { comment: 'Accepted by J. Author' });
        if (appended) (expected.claims as unknown[]).push(added);
        // toString() refuses (throws) a text that does not read back; the data is checked here as well.
        const written = edit.toString();
        // The length ingest budgets with is the length written.
        expect(edit.length).toBe(written.length);
        if (crlf) expect(written.replace(/\r\n/g, '')).not.toContain('\n');
        // A file that ended without a line break still does.
        expect(written.endsWith('\n')).toBe(text.endsWith('\n'));
        expect(parse(written)).toEqual(JSON.parse(JSON.stringify(expected)));
        // The author's comment stays, unless the mapping it stood in was emptied (then written in flow style).
        if (text.includes('# checked by hand') && !emptied) expect(written).toContain('# checked by hand');
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});
