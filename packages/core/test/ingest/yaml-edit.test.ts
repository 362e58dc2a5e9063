/**
 * Editing sidecars through the yaml Document without touching the author's
 * bytes: appended items, filled keys, new keys and new files.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editYaml, SIDECAR_KEY_ORDER, YamlEditError } from '../../src/ingest/yaml-edit.js';

const SOURCE_KEYS = ['id', 'title', 'authors', 'venue', 'publisher', 'published', 'updated', 'identifiers', 'url', 'archiveUrl', 'reading', 'accessed', 'verified', 'limitations'];

const evidence = `# The ledger.   (comment kept)

sources:
  # --- docs ---
  - id: notes
    title: "Notes: the format"
    reading: full-text
    accessed: 2026-01-10
    limitations: >-
      A long limitation that the author folded
      by hand over two lines.

  - id: rfc
    title: RFC 9562
    identifiers: { doi: 10.17487/RFC9562 }
    reading: abstract-only    # only the abstract
    accessed: 2026-01-12

# Evidence follows.
evidence:
  - id: e1
    source: notes
    claims: [a]
    relation: supports
    class: reported
    status: validated
    recorded: 2026-01-10
`;

describe('editYaml', () => {
  it('appends items in the style of their neighbours and leaves every other byte alone', () => {
    const edit = editYaml(evidence, SIDECAR_KEY_ORDER.evidence);
    edit.append('sources', [{ id: 'new', title: 'New: a source', reading: 'not-accessible', accessed: '2026-11-30' }], { comment: 'Added by a pass' });
    edit.append('evidence', [
      { id: 'lead-new', source: 'new', claims: ['a', 'b'], relation: 'unresolved', class: 'reported', status: 'lead', note: 'A note long enough to be folded over more than one line by the house style of the sidecars.', recorded: '2026-11-30' },
    ]);
    expect(edit.changed).toBe(true);
    expect(edit.toString()).toBe(`# The ledger.   (comment kept)

sources:
  # --- docs ---
  - id: notes
    title: "Notes: the format"
    reading: full-text
    accessed: 2026-01-10
    limitations: >-
      A long limitation that the author folded
      by hand over two lines.

  - id: rfc
    title: RFC 9562
    identifiers: { doi: 10.17487/RFC9562 }
    reading: abstract-only    # only the abstract
    accessed: 2026-01-12

  # Added by a pass
  - id: new
    title: "New: a source"
    reading: not-accessible
    accessed: 2026-11-30

# Evidence follows.
evidence:
  - id: e1
    source: notes
    claims: [a]
    relation: supports
    class: reported
    status: validated
    recorded: 2026-01-10
  - id: lead-new
    source: new
    claims: [a, b]
    relation: unresolved
    class: reported
    status: lead
    note: >-
      A note long enough to be folded over more than one line by the house style
      of the sidecars.
    recorded: 2026-11-30
`);
  });

  it('fills only missing keys, in schema order, in block and flow mappings', () => {
    const edit = editYaml(evidence, SIDECAR_KEY_ORDER.evidence);
    expect(edit.has(['sources', 0], 'limitations')).toBe(true);
    edit.fill(['sources', 0], [['verified', '2026-11-30'], ['url', 'https://example.org/notes'], ['limitations', 'never written']], SOURCE_KEYS);
    edit.fill(['sources', 1, 'identifiers'], [['arxiv', '2210.03629v3'], ['doi', '10.1/other']], ['doi', 'arxiv', 'isbn']);
    const text = edit.toString();
    expect(text).toContain(`  - id: notes
    title: "Notes: the format"
    url: https://example.org/notes
    reading: full-text
    accessed: 2026-01-10
    verified: 2026-11-30
    limitations: >-
      A long limitation that the author folded
      by hand over two lines.
`);
    expect(text).toContain('    identifiers: { doi: 10.17487/RFC9562, arxiv: 2210.03629v3 }\n    reading: abstract-only    # only the abstract\n');
    expect(text).not.toContain('never written');
    expect(text).not.toContain('10.1/other');
  });

  it('turns `key: []` and `key:` into block sequences, and adds a missing key before the next one', () => {
    const edit = editYaml('# Research.\n\nobjective: Decide.\n\n# The history.\nhistory: []\n', SIDECAR_KEY_ORDER.research);
    edit.append('history', [{ date: '2026-11-30', by: 'A. Researcher', findings: 'One.\n\nTwo.' }]);
    edit.append('questions', ['Does it still hold?']);
    expect(edit.toString()).toBe(`# Research.

objective: Decide.

questions:
  - Does it still hold?

# The history.
history:
  - date: 2026-11-30
    by: A. Researcher
    findings: |-
      One.

      Two.
`);
    const empty = editYaml('claims: []\nsources:\n', SIDECAR_KEY_ORDER.evidence);
    empty.append('sources', [{ id: 'x', title: 'X', reading: 'full-text', accessed: '2026-11-30' }]);
    expect(empty.toString()).toBe('claims: []\nsources:\n  - id: x\n    title: X\n    reading: full-text\n    accessed: 2026-11-30\n');
  });

  it('writes a new file in schema order below its comments', () => {
    const edit = editYaml('# yaml-language-server: $schema=../schema.json\n', SIDECAR_KEY_ORDER.evidence);
    edit.append('evidence', [{ id: 'l1', source: 's1', claims: ['a'], relation: 'supports', class: 'reported', status: 'lead', recorded: '2026-11-30' }]);
    edit.append('sources', [
      { id: 's1', title: 'One', reading: 'full-text', accessed: '2026-11-30' },
      { id: 's2', title: 'Two', reading: 'full-text', accessed: '2026-11-30' },
    ]);
    expect(edit.toString()).toBe(`# yaml-language-server: $schema=../schema.json

sources:
  - id: s1
    title: One
    reading: full-text
    accessed: 2026-11-30

  - id: s2
    title: Two
    reading: full-text
    accessed: 2026-11-30

evidence:
  - id: l1
    source: s1
    claims: [a]
    relation: supports
    class: reported
    status: lead
    recorded: 2026-11-30
`);
    expect(editYaml(undefined, SIDECAR_KEY_ORDER.research).changed).toBe(false);
  });

  it('keeps CRLF line endings and a file without a final line feed', () => {
    const crlf = evidence.replace(/\n/g, '\r\n');
    const edit = editYaml(crlf, SIDECAR_KEY_ORDER.evidence);
    edit.append('evidence', [{ id: 'l2', source: 'rfc', claims: ['a'], relation: 'unresolved', class: 'reported', status: 'lead', recorded: '2026-11-30' }]);
    const text = edit.toString();
    expect(text.startsWith(crlf)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const bare = editYaml('history:\n  - date: 2026-01-01\n    by: X', SIDECAR_KEY_ORDER.research);
    bare.append('history', [{ date: '2026-11-30', by: 'Y' }]);
    // Still without a final line break (an outside author's finding), and its length counted as written.
    expect(bare.toString()).toBe('history:\n  - date: 2026-01-01\n    by: X\n  - date: 2026-11-30\n    by: Y');
    expect(bare.length).toBe(bare.toString().length);
  });

  it('quotes what YAML would misread, and reads back as the edited data', () => {
    const edit = editYaml(evidence, SIDECAR_KEY_ORDER.evidence);
    const tricky = { id: 'tricky', title: '#1: "quoted" – yes', reading: 'full-text', accessed: '2026-11-30', limitations: '12345', authors: ['true', 'null'] };
    edit.append('sources', [tricky]);
    const data = parse(edit.toString()) as { sources: unknown[] };
    expect(data.sources.at(-1)).toEqual(tricky);
  });
});

const EVIDENCE_KEYS = ['id', 'source', 'claims', 'relation', 'class', 'status', 'locator', 'note', 'recorded', 'run', 'by', 'reason'];

describe('editYaml: a key appended to more than once', () => {
  const x = { id: 'x', source: 'notes', claims: ['a'], relation: 'supports', class: 'reported', status: 'lead', recorded: '2026-11-30' };
  const y = { id: 'y', source: 'rfc', claims: ['b'], relation: 'qualifies', class: 'reported', status: 'lead', recorded: '2026-11-30' };
  const z = { id: 'z', source: 'rfc', claims: ['c'], relation: 'supports', class: 'reported', status: 'lead', recorded: '2026-12-01' };
  const files: Record<string, string> = {
    'a block sequence': evidence,
    'a block sequence parted by blank lines': evidence.replace('    recorded: 2026-01-10\n', '    recorded: 2026-01-10\n\n  - id: e2\n    source: rfc\n    claims: [a]\n    relation: supports\n    class: reported\n    status: validated\n    recorded: 2026-01-12\n').replace(/\n$/, '\n'),
    '`key: []`': 'sources:\n  - id: notes\n    title: Notes\n\nevidence: []\n',
    '`key:` with nothing': 'sources:\n  - id: notes\n    title: Notes\nevidence:\n',
    'a flow sequence with items': 'sources:\n  - id: notes\n    title: Notes\nevidence: [{ id: e1, source: notes, claims: [a], relation: supports, class: reported, status: validated, recorded: 2026-01-10 }]\n',
    'no such key, at the end': 'sources:\n  - id: notes\n    title: Notes\n',
    'no such key, before the next': '# Questions first.\nquestions:\n  - id: q1\n    text: Why?\n',
  };
  it.each(Object.keys(files))('writes in %s what one append of all the items writes', (name) => {
    const order = name.includes('before the next') ? ['evidence', 'questions'] : SIDECAR_KEY_ORDER.evidence;
    const once = editYaml(files[name], order);
    once.append('evidence', [x, y, z]);
    const thrice = editYaml(files[name], order);
    thrice.append('evidence', [x]);
    thrice.append('evidence', [y]);
    thrice.append('evidence', [z]);
    expect(thrice.toString()).toBe(once.toString());
    expect(thrice.length).toBe(once.toString().length);
    expect((parse(thrice.toString()) as { evidence: Array<{ id: string }> }).evidence.map((item) => item.id).slice(-3)).toEqual(['x', 'y', 'z']);
  });

  it('puts each append\'s comment above its own items, and keeps CRLF', () => {
    const edit = editYaml(evidence.replace(/\n/g, '\r\n'), SIDECAR_KEY_ORDER.evidence);
    edit.append('evidence', [x], { comment: 'Accepted: x' });
    edit.append('evidence', [y], { comment: 'Accepted: y' });
    const result = edit.toString();
    expect(result).toContain('    recorded: 2026-01-10\r\n  # Accepted: x\r\n  - id: x\r\n');
    expect(result).toContain('    recorded: 2026-11-30\r\n  # Accepted: y\r\n  - id: y\r\n');
    expect(result.replace(/\r\n/g, '')).not.toContain('\n');
    expect(edit.length).toBe(result.length);
  });
});

describe('editYaml set and unset', () => {
  it('replaces a value in place, adds a missing key in schema order, and keeps comments on the line', () => {
    const edit = editYaml(evidence, SIDECAR_KEY_ORDER.evidence);
    edit.set(['evidence', 0, 'status'], 'rejected', EVIDENCE_KEYS);
    edit.set(['evidence', 0, 'recorded'], '2026-12-05', EVIDENCE_KEYS);
    edit.set(['evidence', 0, 'by'], 'J. Author', EVIDENCE_KEYS);
    edit.set(['evidence', 0, 'reason'], 'The notes describe another format version, and the claim is about the current one; see the changelog.', EVIDENCE_KEYS);
    edit.set(['sources', 1, 'reading'], 'full-text', SOURCE_KEYS);
    const after = edit.toString();
    expect(after).toBe(
      evidence
        .replace('reading: abstract-only    # only the abstract', 'reading: full-text    # only the abstract')
        .replace(
          '    status: validated\n    recorded: 2026-01-10\n',
          '    status: rejected\n    recorded: 2026-12-05\n    by: J. Author\n    reason: >-\n      The notes describe another format version, and the claim is about the\n      current one; see the changelog.\n',
        ),
    );
  });

  it('replaces a mapping or a folded scalar with a block rendered anew, and changes nothing when the value is the same', () => {
    const claims = `claims:\n  - id: a\n    anchor:\n      quote: >-\n        a long quote\n        folded by hand\n    verdict: { status: unverified }   # not yet\n    priority: high\n`;
    const same = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    same.set(['claims', 0, 'priority'], 'high', ['id', 'anchor', 'verdict', 'priority']);
    expect(same.changed).toBe(false);
    const edit = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    edit.set(['claims', 0, 'anchor', 'quote'], 'a long quote, folded by hand', ['quote', 'prefix', 'suffix']);
    edit.set(['claims', 0, 'verdict'], { status: 'supported', date: '2026-12-05', rationale: 'Checked.', textHash: '0123456789abcdef', by: 'J. Author' }, ['id', 'anchor', 'verdict', 'priority']);
    expect(edit.toString()).toBe(
      'claims:\n  - id: a\n    anchor:\n      quote: a long quote, folded by hand\n    verdict:\n      status: supported\n      date: 2026-12-05\n      rationale: Checked.\n      textHash: 0123456789abcdef\n      by: J. Author   # not yet\n    priority: high\n',
    );
  });

  it('removes a key with its lines, and rewrites a flow mapping', () => {
    const edit = editYaml(evidence, SIDECAR_KEY_ORDER.evidence);
    edit.unset(['sources', 0, 'limitations']);
    edit.unset(['sources', 1, 'identifiers', 'doi']);
    edit.unset(['evidence', 0, 'missing']);
    expect(edit.toString()).toBe(
      evidence.replace('    limitations: >-\n      A long limitation that the author folded\n      by hand over two lines.\n', '').replace('identifiers: { doi: 10.17487/RFC9562 }', 'identifiers: {}'),
    );
  });

  it('adds a key where the key it follows was removed, after a replaced value (a verdict turned unverified)', () => {
    const KEYS = ['status', 'date', 'rationale', 'textHash', 'text', 'by'];
    const claims = 'claims:\n  - id: a\n    verdict:\n      status: supported\n      date: 2026-11-29\n      rationale: >-\n        Checked against\n        the notes.\n      textHash: 6654a850b0b88adc\n    priority: high\n';
    for (const rationale of ['Short.', 'A rationale long enough that it is folded over more than one line when it is written back by the editor.']) {
      const edit = editYaml(claims, SIDECAR_KEY_ORDER.claims);
      const verdict: Record<string, string> = { status: 'unverified', date: '2026-12-06', rationale, by: 'J. Author' };
      for (const key of KEYS) {
        if (verdict[key] === undefined) edit.unset(['claims', 0, 'verdict', key]);
        else edit.set(['claims', 0, 'verdict', key], verdict[key], KEYS);
      }
      const written = edit.toString();
      expect(parse(written)).toEqual({ claims: [{ id: 'a', verdict, priority: 'high' }] });
      expect(written).toMatch(/\n      by: J\. Author\n    priority: high\n$/);
      expect(written).not.toContain('6654a850b0b88adc');
    }
  });
});

describe('editYaml: flow mappings in a block sequence', () => {
  it('fills a flow mapping on one line, so that it stays valid YAML however long the text', () => {
    const text = 'claims:\n  - { id: branch-summary-on-leave, anchor: directive, verdict: { status: unverified } }\n  - id: other\n    anchor: directive\n';
    const edit = editYaml(text, SIDECAR_KEY_ORDER.claims);
    edit.fill(['claims', 0], [['priority', 'medium'], ['concern', '"Can" hides that the user is asked, and a long concern goes past eighty columns: it must not fold'], ['response', 'clarification']], ['id', 'anchor', 'verdict', 'priority', 'concern', 'response']);
    const result = edit.toString();
    expect(result.split('\n')[1]).toBe(
      `  - { id: branch-summary-on-leave, anchor: directive, verdict: { status: unverified }, priority: medium, concern: '"Can" hides that the user is asked, and a long concern goes past eighty columns: it must not fold', response: clarification }`,
    );
    expect(parse(result).claims[0]).toMatchObject({ priority: 'medium', response: 'clarification' });
  });
});

describe('editYaml: flow mappings edited more than once, and values shared through aliases', () => {
  const EVIDENCE_KEYS = ['id', 'source', 'claims', 'relation', 'class', 'status', 'note', 'recorded', 'by', 'reason'];
  it('rewrites a flow mapping once with every change: set, fill and unset of one entry', () => {
    const text = 'evidence:\n  - { id: a, source: s, claims: [x], status: lead, reason: old, recorded: 2026-11-29 }\n  - id: b\n    status: lead\n';
    const edit = editYaml(text, SIDECAR_KEY_ORDER.evidence);
    edit.set(['evidence', 0, 'status'], 'validated', EVIDENCE_KEYS);
    edit.set(['evidence', 0, 'recorded'], '2026-12-01', EVIDENCE_KEYS);
    edit.set(['evidence', 0, 'by'], 'J. Author', EVIDENCE_KEYS);
    edit.unset(['evidence', 0, 'reason']);
    const result = edit.toString();
    // The pair the edit left alone keeps the author's spelling (`[x]`, an outside author's finding).
    expect(result).toBe('evidence:\n  - { id: a, source: s, claims: [x], status: validated, recorded: 2026-12-01, by: J. Author }\n  - id: b\n    status: lead\n');
    expect(edit.length).toBe(result.length);
  });

  it('refuses to edit a value an alias shares, naming where, and edits nothing', () => {
    const text = 'claims:\n  - id: a\n    verdict: &u\n      status: unverified\n  - id: b\n    verdict: *u\n';
    const anchored = editYaml(text, SIDECAR_KEY_ORDER.claims);
    expect(() => anchored.set(['claims', 0, 'verdict', 'date'], '2026-12-01', ['status', 'date'])).toThrow(
      new YamlEditError('claims.0.verdict is shared with another entry through a YAML anchor (&u at line 3, column 14), and this edit would change, or miss, every entry that shares it: write the value out in each entry (no & anchors or * aliases), then run again'),
    );
    const aliased = editYaml(text, SIDECAR_KEY_ORDER.claims);
    expect(() => aliased.set(['claims', 1, 'verdict', 'date'], '2026-12-01', ['status', 'date'])).toThrow(/claims\.1\.verdict is shared with another entry through a YAML alias \(\*u at line 6, column 14\)/);
    expect(() => aliased.unset(['claims', 1, 'verdict', 'status'])).toThrow(YamlEditError);
    expect(aliased.changed).toBe(false);
    // An entry that shares nothing is edited as usual; appending beside aliases is fine too.
    const other = editYaml(text, SIDECAR_KEY_ORDER.claims);
    other.set(['claims', 0, 'id'], 'a2', ['id', 'verdict']);
    other.append('claims', [{ id: 'c', anchor: 'directive' }]);
    expect(parse(other.toString())).toEqual({ claims: [{ id: 'a2', verdict: { status: 'unverified' } }, { id: 'b', verdict: { status: 'unverified' } }, { id: 'c', anchor: 'directive' }] });
  });
});

describe('editYaml sizer', () => {
  const items = [
    { id: 'one', source: 'notes', claims: ['tree'], relation: 'supports', note: `A note long enough to be folded over more than one line when it is written, ${'word '.repeat(20)}end.` },
    { id: 'two', source: 'notes', claims: ['tree', 'ids'], relation: 'qualifies' },
    { id: 'three', source: 'notes', claims: [], relation: 'unresolved', note: 'Line one.\nLine two.' },
  ];
  it.each([
    ['a block sequence with blank lines between items', evidence],
    ['a block sequence without them', 'sources:\n  - id: a\n    title: A\n  - id: b\n    title: B\nevidence:\n  - id: x\n    source: a\n'],
    ['`key:` with nothing', 'sources:\n  - id: a\n    title: A\nevidence:\n'],
    ['`key: []`', 'sources:\n  - id: a\n    title: A\nevidence: []\n'],
    ['a missing key', 'sources:\n  - id: a\n    title: A\n'],
    ['a new file', ''],
    ['CRLF line endings', 'sources:\r\n  - id: a\r\n    title: A\r\nevidence:\r\n  - id: x\r\n    source: a\r\n'],
  ])('says exactly what appending adds, item by item: %s', (_name, text) => {
    const edit = editYaml(text, SIDECAR_KEY_ORDER.evidence);
    const sizer = edit.sizer('evidence', { comment: 'Leads from a report' });
    const sized = items.reduce((total, item, index) => total + sizer.size(item, index === 0), 0);
    edit.append('evidence', items, { comment: 'Leads from a report' });
    expect(edit.render().length - text.length).toBe(sized);
    // A new file is rendered whole when asked for; until then its length is what it had.
    expect(edit.length).toBe(text === '' ? 0 : edit.render().length);
    expect(parse(edit.toString()).evidence.slice(-3)).toEqual(items);
  });

  it('sizes an item again once it is forgotten, after it changed', () => {
    const edit = editYaml('evidence:\n  - id: x\n', SIDECAR_KEY_ORDER.evidence);
    const sizer = edit.sizer('evidence');
    const item: Record<string, unknown> = { id: 'grows', source: 'notes' };
    const before = sizer.size(item, true);
    item.url = 'https://example.org/a-longer-entry';
    expect(sizer.size(item, true)).toBe(before);
    sizer.forget(item);
    const after = sizer.size(item, true);
    expect(after).toBeGreaterThan(before);
    edit.append('evidence', [item]);
    expect(edit.render().length - 'evidence:\n  - id: x\n'.length).toBe(after);
  });
});

describe('editYaml removeItem', () => {
  const claims = `# Claims of the chapter.
claims:
  # --- section one ---
  - id: a
    anchor: directive
    priority: high   # the lead claim

  # Accepted by J. Author
  - id: b
    anchor: { quote: the words of b }

  - id: c
    anchor: directive
# end of claims
`;

  it("removes a middle item with its lines, its own comment above it and the blank line after it; others' comments stay", () => {
    const edit = editYaml(claims, SIDECAR_KEY_ORDER.claims, 'x.claims.yaml');
    edit.removeItem('claims', 1);
    const after = edit.toString();
    expect(after).toBe(claims.replace('  # Accepted by J. Author\n  - id: b\n    anchor: { quote: the words of b }\n\n', ''));
    expect(parse(after).claims.map((claim: { id: string }) => claim.id)).toEqual(['a', 'c']);
  });

  it('removes the last item with the blank lines above it, the first with the blank line below it', () => {
    const last = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    last.removeItem('claims', 2);
    expect(last.toString()).toBe(claims.replace('\n  - id: c\n    anchor: directive\n', ''));
    const first = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    first.removeItem('claims', 0);
    expect(first.toString()).toBe(claims.replace('  # --- section one ---\n  - id: a\n    anchor: directive\n    priority: high   # the lead claim\n\n', ''));
  });

  it('removes several items, later ones first, beside keys set on the ones that stay; CRLF and a missing final line break kept', () => {
    const windows = claims.replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const edit = editYaml(windows, SIDECAR_KEY_ORDER.claims);
    edit.set(['claims', 1, 'priority'], 'low', ['id', 'anchor', 'verdict', 'priority']);
    edit.removeItem('claims', 2);
    edit.removeItem('claims', 0);
    const after = edit.toString();
    expect(after).not.toMatch(/(?<!\r)\n/);
    expect(after.endsWith('# end of claims')).toBe(true);
    expect(parse(after)).toEqual({ claims: [{ id: 'b', anchor: { quote: 'the words of b' }, priority: 'low' }] });
  });

  it('removes items next to each other, in either order, as one block; all of them leave `claims: []`', () => {
    const lastTwo = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    lastTwo.removeItem('claims', 2);
    lastTwo.removeItem('claims', 1);
    expect(lastTwo.toString()).toBe(claims.replace('\n  # Accepted by J. Author\n  - id: b\n    anchor: { quote: the words of b }\n\n  - id: c\n    anchor: directive\n', ''));
    const firstTwo = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    firstTwo.removeItem('claims', 0);
    firstTwo.removeItem('claims', 0);
    expect(firstTwo.toString()).toBe('# Claims of the chapter.\nclaims:\n  - id: c\n    anchor: directive\n# end of claims\n');
    const all = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    all.removeItem('claims', 1);
    all.removeItem('claims', 1);
    all.removeItem('claims', 0);
    expect(all.toString()).toBe('# Claims of the chapter.\nclaims: []\n# end of claims\n');
    expect(all.length).toBe(all.toString().length);
  });

  it('leaves `key: []` when the last item goes, and refuses what it cannot remove cleanly', () => {
    const one = editYaml('claims:\n  - id: a\n    anchor: directive\nother: 1\n', ['claims', 'other']);
    one.removeItem('claims', 0);
    expect(one.toString()).toBe('claims: []\nother: 1\n');
    expect(() => editYaml('claims: [{ id: a }, { id: b }]\n', SIDECAR_KEY_ORDER.claims, 'x.claims.yaml').removeItem('claims', 0)).toThrow(/x\.claims\.yaml: claims is written as a flow list/);
    expect(() => editYaml(claims, SIDECAR_KEY_ORDER.claims).removeItem('claims', 3)).toThrow(/has no item 3/);
    const changed = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    changed.set(['claims', 1, 'priority'], 'low', ['id', 'anchor', 'verdict', 'priority']);
    expect(() => changed.removeItem('claims', 1)).toThrow(YamlEditError);
    const appended = editYaml(claims, SIDECAR_KEY_ORDER.claims);
    appended.append('claims', [{ id: 'd', anchor: 'directive' }]);
    expect(() => appended.removeItem('claims', 3)).toThrow(/added by this edit/);
  });
});
