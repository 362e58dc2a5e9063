import { describe, expect, it } from 'vitest';
import { compareWithArxiv, compareWithDoi, foldForComparison, sameDate } from '../../src/sources/compare.js';

const source = {
  title: 'ReAct: Synergizing Reasoning and Acting in Language Models',
  authors: ['Shunyu Yao', 'Jeffrey Zhao'],
  venue: 'ICLR',
  published: '2023',
  identifiers: { doi: '10.48550/arXiv.2210.03629' },
};

describe('comparing the ledger with recorded metadata', () => {
  it('finds nothing when the fields agree, whatever the case, accents, punctuation or markup', () => {
    expect(
      compareWithDoi(
        { ...source, authors: ['Yao, S.', 'Jeffrey Zhao'] },
        { title: 'ReAct: synergizing reasoning and acting in language models.', authors: [{ given: 'Shunyu', family: 'Yao' }, { given: 'Jeffrey', family: 'Zhao' }], venue: 'International Conference on Learning Representations (ICLR)', issued: '2023-05-01' },
      ),
    ).toEqual([]);
    expect(foldForComparison('Gödel, Escher & Bach')).toBe('godel escher and bach');
    // A title without its subtitle is the same title.
    expect(compareWithDoi({ ...source, title: 'ReAct' }, { title: source.title, authors: [] })).toEqual([]);
  });

  it('reports each field that differs, never more than once', () => {
    const mismatches = compareWithDoi(source, {
      title: 'Reason and Act',
      authors: [{ given: 'Shunyu', family: 'Yao' }, { literal: 'Somebody Else' }],
      venue: 'NeurIPS',
      issued: '2022-10-06',
      publishedOnline: '2022-10',
    });
    expect(mismatches).toEqual([
      { field: 'title', from: 'doi', ledger: source.title, found: 'Reason and Act' },
      { field: 'authors', from: 'doi', ledger: 'Shunyu Yao, Jeffrey Zhao', found: 'Shunyu Yao, Somebody Else' },
      { field: 'venue', from: 'doi', ledger: 'ICLR', found: 'NeurIPS' },
      { field: 'published', from: 'doi', ledger: '2023', found: '2022-10-06 / 2022-10' },
    ]);
  });

  it('counts authors, and lets "et al." stand for the rest', () => {
    const found = [{ family: 'Yao' }, { family: 'Zhao' }, { family: 'Yu' }];
    expect(compareWithDoi({ ...source, authors: ['Shunyu Yao', 'et al.'] }, { authors: found })).toEqual([]);
    expect(compareWithDoi({ ...source, authors: ['Shunyu Yao', 'Jeffrey Zhao'] }, { authors: found })[0]).toMatchObject({ field: 'authors', found: 'Yao, Zhao, Yu' });
    expect(compareWithDoi({ ...source, authors: [] }, { authors: found })).toEqual([]);
  });

  it('compares with arXiv: title and authors, and the date only without a DOI', () => {
    const paper = { title: 'ReAct: Synergizing Reasoning and Acting in Language Models', authors: ['Shunyu Yao', 'Jeffrey Zhao'], published: '2022-10-06T01:00:32Z', versionDate: '2023-03-10T01:00:17Z' };
    expect(compareWithArxiv(source, paper)).toEqual([]);
    expect(compareWithArxiv({ ...source, identifiers: {} }, paper)).toEqual([]);
    expect(compareWithArxiv({ ...source, published: '2021', identifiers: {} }, paper)).toEqual([{ field: 'published', from: 'arxiv', ledger: '2021', found: '2022-10-06' }]);
    expect(compareWithArxiv({ ...source, authors: ['Shunyu Yao'] }, paper)[0]).toMatchObject({ field: 'authors', from: 'arxiv' });
  });

  it('compares dates at the precision both give', () => {
    expect(sameDate('2023', '2023-03-10')).toBe(true);
    expect(sameDate('2023-03-10', '2023-03')).toBe(true);
    expect(sameDate('2023-04', '2023-03-10')).toBe(false);
  });
});
