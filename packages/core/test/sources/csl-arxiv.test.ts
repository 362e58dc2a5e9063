import { describe, expect, it } from 'vitest';
import { readArxivFeed } from '../../src/sources/arxiv-atom.js';
import { cslDate, readCslJson } from '../../src/sources/csl.js';

describe('CSL-JSON from a DOI resolver', () => {
  it('reads title, authors, venue and dates, without markup', () => {
    const text = JSON.stringify({
      type: 'article-journal',
      title: 'Growth of <i>E. coli</i>\n  in the  lab',
      author: [{ given: 'Ada', family: 'Lovelace', sequence: 'first' }, { literal: 'The ReAct Team' }, { given: 'Nobody' }],
      'container-title': ['Journal of Tests'],
      'container-title-short': 'J. Tests',
      publisher: 'Test Press',
      issued: { 'date-parts': [[2023, 3, 10]] },
      'published-online': { 'date-parts': [['2023', '2']] },
      'published-print': { 'date-parts': [[2023, 13]] },
      DOI: '10.1000/XYZ',
    });
    expect(readCslJson(text)).toEqual({
      metadata: {
        title: 'Growth of E. coli in the lab',
        authors: [{ family: 'Lovelace', given: 'Ada' }, { literal: 'The ReAct Team' }],
        venue: 'Journal of Tests',
        venueShort: 'J. Tests',
        publisher: 'Test Press',
        issued: '2023-03-10',
        publishedOnline: '2023-02',
        publishedPrint: '2023',
        type: 'article-journal',
      },
    });
  });

  it('joins a subtitle to its title', () => {
    expect(readCslJson(JSON.stringify({ title: 'ReAct', subtitle: ['Synergizing Reasoning and Acting'], author: [] }))).toMatchObject({ metadata: { title: 'ReAct: Synergizing Reasoning and Acting' } });
  });

  it('says why an answer is not usable', () => {
    expect(readCslJson('<html>not found</html>')).toEqual({ problem: 'the answer is not JSON' });
    expect(readCslJson('[1, 2]')).toEqual({ problem: 'the answer is not a CSL-JSON item' });
    expect(readCslJson('{"type": "article"}')).toEqual({ problem: 'the CSL-JSON item has no title, author or date' });
  });

  it('reads only real dates', () => {
    expect(cslDate({ 'date-parts': [[2024, 2, 30]] })).toBe('2024-02');
    expect(cslDate({ 'date-parts': [[null]] })).toBeUndefined();
    expect(cslDate({ raw: '2024' })).toBeUndefined();
    expect(cslDate(undefined)).toBeUndefined();
  });
});

const feed = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <link href="http://arxiv.org/api/query?id_list=2210.03629" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: id_list=2210.03629</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2026-11-30T00:00:00-05:00</updated>
  <opensearch:totalResults>1</opensearch:totalResults>
${entries}
</feed>`;

describe('the arXiv API feed', () => {
  it('reads each paper: latest version, its date, version 1, title and authors', () => {
    const text = feed(`  <entry>
    <id>http://arxiv.org/abs/2210.03629v3</id>
    <updated>2023-03-10T01:00:17Z</updated>
    <published>2022-10-06T01:00:32Z</published>
    <title>ReAct: Synergizing Reasoning and Acting in
  Language Models</title>
    <summary>While large language models ...</summary>
    <author><name>Shunyu Yao</name></author>
    <author><name>Jeffrey Zhao</name></author>
    <arxiv:doi>10.48550/arXiv.2210.03629</arxiv:doi>
  </entry>
  <entry>
    <id>https://arxiv.org/abs/hep-th/9901001v1</id>
    <updated>1999-01-04T10:00:00+01:00</updated>
    <published>1999-01-04T10:00:00+01:00</published>
    <title>Old style &amp; id</title>
    <author><name>A. Physicist</name></author>
  </entry>`);
    expect(readArxivFeed(text)).toEqual({
      papers: [
        { id: '2210.03629', version: 3, versionDate: '2023-03-10T01:00:17Z', published: '2022-10-06T01:00:32Z', title: 'ReAct: Synergizing Reasoning and Acting in Language Models', authors: ['Shunyu Yao', 'Jeffrey Zhao'] },
        { id: 'hep-th/9901001', version: 1, versionDate: '1999-01-04T09:00:00Z', published: '1999-01-04T09:00:00Z', title: 'Old style & id', authors: ['A. Physicist'] },
      ],
    });
  });

  it('gives no paper for an id arXiv does not know', () => {
    expect(readArxivFeed(feed(''))).toEqual({ papers: [] });
  });

  it('reads the error entry and answers that are not feeds as problems', () => {
    const error = feed(`  <entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error</title><summary>incorrect id format for 1234</summary></entry>`);
    expect(readArxivFeed(error)).toEqual({ problem: 'arXiv answered with an error: incorrect id format for 1234' });
    expect(readArxivFeed('Rate exceeded.')).toEqual({ problem: 'the answer is not an Atom feed: Rate exceeded.' });
    expect(readArxivFeed('<html><body>oops</body></html>')).toEqual({ problem: 'the answer is not an Atom feed' });
    expect(readArxivFeed('<feed><entry>')).toMatchObject({ problem: expect.stringMatching(/^the answer is not XML/) });
  });
});
