import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadYaml } from '../../src/load/yaml.js';
import { readFast, tooDeep } from '../../src/load/yaml-fast.js';
import { exampleBook } from '../fixture-book.js';

const file = 'content/books/pi/27-chapter.claims.yaml';
const load = (source: string) => loadYaml(source, { file });

describe('loadYaml: the fast parser and the positioned one agree', () => {
  const reference = (text: string) => parseDocument(text, { schema: 'core', logLevel: 'error' }).toJS() as unknown;
  const repository = fileURLToPath(new URL('../../../../', import.meta.url));

  it('on every YAML file of the demo book and the test fixture', () => {
    const texts = Object.entries(exampleBook).filter(([name]) => name.endsWith('.yaml'));
    const demo = path.join(repository, 'content/books/pi');
    for (const name of fs.existsSync(demo) ? fs.readdirSync(demo) : []) {
      if (name.endsWith('.yaml')) texts.push([name, fs.readFileSync(path.join(demo, name), 'utf8')]);
    }
    expect(texts.length).toBeGreaterThan(4);
    for (const [name, text] of texts) {
      const loaded = loadYaml(text!, { file: name });
      expect(loaded.fast).toBe(true);
      expect(loaded.value, name).toEqual(reference(text!));
    }
  });

  it('leaves explicit tags, aliases, empty and null documents to the positioned parser', () => {
    for (const text of ['a: !!str 1\n', 'a: &x [1]\nb: *x\n', '', '# c\n', '~\n', '---\n']) {
      expect(load(text).fast, JSON.stringify(text)).toBe(false);
    }
    expect(load('title: R&D, or research & development\n').fast).toBe(true);
    expect(load('title: Wow! It works!\n').fast).toBe(true);
  });

});

describe('readFast and tooDeep', () => {
  it('read plain files, and give up on duplicate keys and syntax errors', () => {
    expect(readFast('a: [1, { b: c }]\n')).toEqual({ value: { a: [1, { b: 'c' }] } });
    expect(readFast('a: 1\na: 2\n')).toBeUndefined();
    expect(readFast('a: "open\n')).toBeUndefined();
  });

  it('measure nesting with the place the limit is reached, past tags and duplicate keys', () => {
    expect(tooDeep('a: 1\na: 2\nb: !x [[1]]\n', 0, file)).toBeUndefined();
    expect(tooDeep(`a: 1\na: 2\nb: !x ${'['.repeat(100)}\n`, 2, file)).toMatchObject({ rule: 'yaml/too-deep', line: 5 });
    expect(tooDeep('a: "open\n', 0, file)).toBeUndefined();
  });
});
