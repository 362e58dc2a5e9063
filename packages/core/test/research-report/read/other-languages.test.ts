/**
 * Reports written in Japanese and Chinese (and "none" in every language the
 * reader knows): headers, "none", the date of the pass, which experiments
 * ran, and Chinese and Japanese punctuation between the claims a source
 * bears on. From an outside researcher's report in Japanese (r-27-m), whose
 * concern and evidence columns were not read and whose thirteen runs were
 * counted as not run, and one in French (r-27-k), whose "Aucune." became an
 * open concern.
 */
import { describe, expect, it } from 'vitest';
import { snapshotLineOf, withoutLeadingLine } from '../../../src/research-report/read/claim-audit.js';
import { readBearsOn } from '../../../src/research-report/read/ledger-cells.js';
import type { CellText } from '../../../src/research-report/read/node-text.js';
import { authorsOf } from '../../../src/research-report/read/source-ledger.js';
import { parse, report } from './sample-report.js';

const cell = (text: string): CellText => ({ text, codes: [], strong: [], links: [], place: { line: 4, column: 9 } });

describe('reports in other languages', () => {
  it('reads claim-audit and ledger columns headed in Japanese or Chinese', () => {
    const audit = ['| Id | 主張 | 場所 | 現在の証拠 | 懸念 | 優先度 | 提案する対応 |', '|---|---|---|---|---|---|---|', '| C1 | `tree-in-place` | line 7 | supports: S1。 | 例が古い | high | clarification |'].join('\n');
    const ledger = [
      '| 番号 | 出典 | 著者 | 公開日 | 掲載先 | リンク | 読んだ範囲 | 関連する主張 | 制約 | 検証日 | 閲覧日 |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      '| S1 | RFC 9562 | Davis; Peabody | 2024-05 | IETF | https://www.rfc-editor.org/rfc/rfc9562 | full text | supports C1 | なし | 2026-12-07 | 2026-12-07 |',
    ].join('\n');
    const { report: data, problems } = parse(report({ 2: audit, 3: ledger }));
    expect(problems.filter((problem) => problem.rule === 'report/unknown-column' || problem.rule === 'report/missing-column')).toEqual([]);
    expect(data.claimAudit[0]).toMatchObject({ snapshotLine: 7, evidence: 'supports: S1。', concern: '例が古い', priority: 'high', response: 'clarification', status: 'supported' });
    expect(data.sourceLedger[0]).toMatchObject({ authors: ['Davis', 'Peabody'], published: '2024-05', venue: 'IETF', url: 'https://www.rfc-editor.org/rfc/rfc9562', verified: '2026-12-07', accessed: '2026-12-07' });
    expect(data.sourceLedger[0]!.limitations).toBeUndefined();
    const chinese = ['| 编号 | 主张 | 证据 | 问题 | 优先级 | 建议 |', '|---|---|---|---|---|---|', '| C1 | `tree-in-place` | supports: S1 | 无 | low | no-change |'].join('\n');
    const read = parse(report({ 2: chinese }));
    expect(read.problems.filter((problem) => problem.rule === 'report/unknown-column')).toEqual([]);
    expect(read.report.claimAudit[0]).toMatchObject({ evidence: 'supports: S1', priority: 'low', response: 'no-change' });
    expect(read.report.claimAudit[0]!.concern).toBeUndefined();
  });

  it('reads "none" in French, German, Spanish, Japanese and Chinese as no concern, and the all-clear outside reports wrote ("The sentence holds.", "Supported.", "None material.")', () => {
    const concerns = (...cells: string[]) =>
      parse(report({ 2: ['| Claim | Current evidence | Concern | Priority | Proposed response |', '| --- | --- | --- | --- | --- |', ...cells.map((text) => `| \`tree-in-place\` | supports: S1. | ${text} | low | no-change |`)].join('\n') })).report.claimAudit.map((row) => row.concern);
    const clear = ['Aucune.', 'Aucun', 'Keine.', 'Ninguna.', 'なし', '特になし。', '无', '没有', 'The sentence holds.', 'The claim still holds', 'Supported.', 'none material'];
    expect(concerns(...clear, 'Aucune réserve sur le fond, mais la date manque.')).toEqual([...clear.map(() => undefined), 'Aucune réserve sur le fond, mais la date manque.']);
  });

  it('takes the date of the pass from a line labelled in another language, also after a full-width colon', () => {
    for (const label of ['作業日: ', '日付: ', '日期: ', 'Datum: ', 'Fecha: ', 'Date du travail: ', '**工作日期**：', '作業日：']) {
      const { report: data } = parse(report({ 1: `- Revision read: fingerprint ${'3f'.repeat(32)}\n- ${label}2026-12-05（UTC）\n- By: A. Researcher\n- Summary: Holds.` }));
      expect(data.date?.value, label).toBe('2026-12-05');
    }
  });

  it('reads a snapshot line and quotes as Chinese and Japanese write them (第 13 行, 13行目, 「…」)', () => {
    const rows = parse(
      report({
        2: [
          '| # | 论断及位置 | 目前的证据 | 关注点 | Priority | Proposed response |',
          '|---|---|---|---|---|---|',
          '| C1 | tree-in-place（第 13 行） | supports：S1 | 成立 | low | no-change |',
          '| C2 | 「Entries form a tree」（第13行） | supports：S1 | 例が古い | low | clarification |',
          '| C3 | 第 15 行的 branch_summary JSON 示例 | supports：S1 | 无 | low | no-change |',
          '| C4 | 『Entries form a tree』(21行目) | supports：S1 | なし | low | no-change |',
        ].join('\n'),
      }),
    );
    expect(rows.problems.filter((problem) => problem.rule === 'report/unknown-column')).toEqual([]);
    const audit = rows.report.claimAudit;
    expect(audit.map((row) => row.snapshotLine)).toEqual([13, 13, 15, 21]);
    expect(audit.map((row) => row.named)).toEqual(['tree-in-place', undefined, undefined, undefined]);
    expect(audit.map((row) => row.quotes)).toEqual([[], ['Entries form a tree'], [], ['Entries form a tree']]);
    expect(audit.map((row) => row.concern)).toEqual(['成立', '例が古い', undefined, undefined]);
  });

  it('counts the experiments under a heading in Japanese or Chinese as run, or not, as it says', () => {
    const markers = (section: string) => parse(report({ 6: section })).report.experiments.map((experiment) => experiment.marker);
    const table = '| Id | 内容 | コマンド | 出力 |\n|---|---|---|---|\n| E1 | ID の版 | `node exp.mjs` | `"7"` |\n| E2 | 最初の書き込み | 同上 | `true` |';
    expect(markers(`### 6.1 今回実施した実験(2026-12-07、すべて実行済み)\n\n${table}\n\n### 6.2 提案する実験(未実施)\n\n- **X1.** CLI での確認。`)).toEqual(['RAN', 'RAN', 'UNRUN']);
    expect(markers(`### 已执行的实验\n\n${table}\n\n### 建议的实验\n\n- **X1.** 在 Windows 上检查。`)).toEqual(['RAN', 'RAN', 'UNRUN']);
    // How they were run, said once in a list before them, is none of them (r-28-m's three set-up items were three more runs).
    const setup = '运行环境：Node v20.20.2。\n\n- 取包：`npm pack pi@1.6.0`\n- 安装：`npm install --ignore-scripts`\n- 运行命令：`node exp.mjs`\n- インストール：`npm i`\n- Install: `npm ci`';
    expect(markers(`### 6.1 已运行（2026-12-07，reproduced）\n\n${setup}\n\n${table}`)).toEqual(['RAN', 'RAN']);
  });

  it('reads the claims a source bears on across Chinese and Japanese punctuation', () => {
    const unread: string[] = [];
    const refs = readBearsOn(cell('supports C1, C11。qualifies C6、C7。C9 の文面の出どころ'), (text) => unread.push(text));
    expect(refs.map(({ ref, relation }) => [ref, relation])).toEqual([
      ['C1', 'supports'],
      ['C11', 'supports'],
      ['C6', 'qualifies'],
      ['C7', 'qualifies'],
      ['C9', undefined],
    ]);
    expect(unread).toEqual([]);
  });
});

describe('reports in Korean', () => {
  it('reads its headers, lines, "none", date, experiments and the particles written onto row labels (an outside report, r-27-n)', () => {
    const source = report({
      1: `- Revision read: fingerprint ${'3f'.repeat(32)}\n- **작업일**: 2026-12-08.\n- By: A. Researcher\n- Summary: Holds.`,
      2: ['| 번호 | Claim | 위치 | 현재 근거 | 우려 | Priority | Proposed response |', '|---|---|---|---|---|---|---|', '| C1 | `tree-in-place` | 7행 | supports: S1. | 없음 | low | no-change |', '| C2 | "Entries form a tree" | 13번째 줄 | supports: S1. | 예시가 오래됨 | medium | clarification |'].join('\n'),
      3: ['| Id | 출처(식별자) | 저자 | URL | 관련 주장과 관계 | 한계 | Verified | Accessed |', '|---|---|---|---|---|---|---|---|', '| S1 | RFC 9562 | Davis; Peabody | https://www.rfc-editor.org/rfc/rfc9562 | supports C1. 새 규칙으로 C2를 contradicts | 없음 | 2026-12-08 | 2026-12-08 |'].join('\n'),
      6: '### 6.1 이번 패스에서 실행한 실험 (2026-12-08)\n\n**환경**\n- Linux x86_64, 2코어.\n- Node v24.21.0.\n\n**명령**\n- `node exp/checks.mjs`\n- `node timing.mjs`\n\n| 실험 | 무엇을 | 출력 |\n|---|---|---|\n| E1 | 첫 기록 | `false` |\n| E2 | 헤더 | `7` |\n\n### 6.2 제안하지만 실행하지 않은 실험\n\n- **X1 (UNRUN)** CLI 종단 검증',
    });
    const { report: data, problems } = parse(source);
    expect(problems.filter((problem) => ['report/unknown-column', 'report/no-date', 'report/missing-unrun', 'report/unread-bears-on'].includes(problem.rule))).toEqual([]);
    expect(data.date?.value).toBe('2026-12-08');
    expect(data.claimAudit.map((row) => [row.snapshotLine, row.concern])).toEqual([
      [7, undefined],
      [13, '예시가 오래됨'],
    ]);
    expect(data.sourceLedger[0]).toMatchObject({ authors: ['Davis', 'Peabody'] });
    expect(data.sourceLedger[0]!.bearsOn.map(({ ref, relation }) => [ref, relation])).toEqual([
      ['C1', 'supports'],
      ['C2', 'contradicts'],
    ]);
    expect(data.sourceLedger[0]!.limitations).toBeUndefined();
    // The environment and the commands before a table of labelled runs are how they were run, not runs of their own.
    expect(data.experiments.map((experiment) => experiment.marker)).toEqual(['RAN', 'RAN', 'UNRUN']);
  });

  it('counts a list of commands as the experiments where no experiment has a label of its own', () => {
    const { report: data } = parse(report({ 6: '**Run today (2026-12-06):**\n\n**Commands**\n- `node checks.mjs`: printed 12 lines.\n- `node bench.mjs`: median 3 ms.' }));
    expect(data.experiments.map((experiment) => experiment.marker)).toEqual(['RAN', 'RAN']);
  });
});

describe('authorsOf', () => {
  it('separates authors at a semicolon, not at one inside brackets (a remark on an author, an outside report in a Google Docs export)', () => {
    expect(authorsOf('Mario Zechner (npm package author field; the page has no byline)')).toEqual(['Mario Zechner (npm package author field; the page has no byline)']);
    expect(authorsOf('B. Davis; K. Peabody [editor; IETF]; P. Leach')).toEqual(['B. Davis', 'K. Peabody [editor; IETF]', 'P. Leach']);
    expect(authorsOf(' ; A. Author ;')).toEqual(['A. Author']);
  });
});

describe('ditto', () => {
  it('reads a cell that says "ditto" as the one above it, with a warning, but not in the claim or source column', () => {
    const { report: data, problems } = parse(
      report({
        2: [
          '| # | Claim | Current evidence | Concern | Priority | Proposed response |',
          '| --- | --- | --- | --- | --- | --- |',
          '| C1 | `tree-in-place` | supports: S1. | The example is old. | medium | clarification |',
          '| C2 | `session-id-v4` | supports: S1. | as above | ditto | 同上 |',
          '| C3 | "Entries form a tree" | supports: S1. | As C1, but for v2 | low | no-change |',
          '| C4 | ditto | supports: S1. | same | 〃 | no-change |',
        ].join('\n'),
        3: [
          '| Source | URL | Reading | Bears on | Limitations | Verified / accessed |',
          '| --- | --- | --- | --- | --- | --- |',
          '| RFC 9562 | https://www.rfc-editor.org/rfc/rfc9562 | full text | supports `session-id-v4` | none | 2026-11-29 / 2026-11-30 |',
          '| RFC 9562, section 5.7 | as above | partial: 5.7 | contradicts `session-id-v4` | none | ditto |',
        ].join('\n'),
      }),
    );
    const audit = data.claimAudit.map((row) => [row.concern, row.priority, row.response]);
    expect(audit).toEqual([
      ['The example is old.', 'medium', 'clarification'],
      ['The example is old.', 'medium', 'clarification'],
      ['As C1, but for v2', 'low', 'no-change'],
      // "same" may mean the cell beside it or an earlier pass: it is kept as written.
      ['same', 'low', 'no-change'],
    ]);
    // "ditto" in the claim column names no claim of its own: it is read as written.
    expect(data.claimAudit[3]!.claimText).toBe('ditto');
    expect(data.sourceLedger[1]).toMatchObject({ url: 'https://www.rfc-editor.org/rfc/rfc9562', verified: '2026-11-29', accessed: '2026-11-30' });
    const dittos = problems.filter((problem) => problem.rule === 'report/ditto');
    expect(dittos.map((problem) => `${problem.line}:${problem.column} ${problem.message}`)).toEqual([
      '15:42 the claim-audit cell "as above" is read as the one above it: "The example is old."',
      '15:53 the claim-audit cell "ditto" is read as the one above it: "medium"',
      '15:61 the claim-audit cell "同上" is read as the one above it: "clarification"',
      '17:39 the claim-audit cell "〃" is read as the one above it: "low"',
      '24:27 the source-ledger cell "as above" is read as the one above it: "https://www.rfc-editor.org/rfc/rfc9562"',
      '24:90 the source-ledger cell "ditto" is read as the one above it: "2026-11-29 / 2026-11-30"',
    ]);
  });
});

describe("a review's findings on these readings", () => {
  it('keeps a bears-on cell whole where a full stop follows a date, a word or a parenthesis, and splits it before a relation', () => {
    const refs = (text: string) => readBearsOn(cell(text), () => undefined).map(({ ref, relation }) => `${ref}:${relation ?? '-'}`);
    expect(refs('supports C1 as of 2026-11-30. C2 unchanged')).toEqual(['C1:supports']);
    expect(refs('supports C2. C3 is not affected')).not.toContain('C3:-');
    expect(refs('supports C4 (UUIDv7). The code (S6) qualifies')).toEqual(['C4:supports']);
    expect(refs('supports C1 for pi-ai. qualifies C3')).toEqual(['C1:supports', 'C3:qualifies']);
    expect(refs('supports C12. C8 qualifies (extension rule)')).toEqual(['C12:supports', 'C8:qualifies']);
  });

  it('reads a capitalised "Line N" as the line only where the cell opens with it before punctuation, or in parentheses', () => {
    expect(snapshotLineOf('"Line 1 of every session file is the header" (line 33)')).toBe(33);
    expect(snapshotLineOf('Line 1 of every session file is the header (Line 33)')).toBe(33);
    expect(snapshotLineOf('Line 20, the JSON example')).toBe(20);
    expect(snapshotLineOf('Lines 28–34: the stopReason values')).toBe(28);
    expect(withoutLeadingLine('Line 1 of every session file is the header')).toBe('Line 1 of every session file is the header');
    expect(withoutLeadingLine('Line 20, the JSON example')).toBe('the JSON example');
  });

  it('leaves "same" and "as before" as written (the date beside it, the ledger\'s reading, an earlier pass)', () => {
    const { report: data, problems } = parse(
      report({
        3: [
          '| Source | URL | Reading | Bears on | Verified | Accessed |',
          '| --- | --- | --- | --- | --- | --- |',
          '| RFC 9562 | https://www.rfc-editor.org/rfc/rfc9562 | full text | supports `session-id-v4` | 2026-11-29 | 2026-11-29 |',
          '| RFC 3339 | https://www.rfc-editor.org/rfc/rfc3339 | as before | supports `tree-in-place` | 2026-11-30 | same |',
        ].join('\n'),
      }),
    );
    expect(problems.filter((problem) => problem.rule === 'report/ditto')).toEqual([]);
    expect(data.sourceLedger[1]!.accessed).not.toBe('2026-11-29');
    expect(data.sourceLedger[1]!.readingText?.value).toBe('as before');
  });

  it('counts proposed experiments named Install or Commands, and a list of runs under a bold title, as experiments', () => {
    const markers = (section: string) => parse(report({ 6: section })).report.experiments.length;
    expect(markers('### Proposed (not run)\n\n- Install: time a cold `npm install` of the package.\n- Commands: check that every slash command exists in 1.6.0.')).toBe(2);
    expect(markers('**Commands**\n- `node a.mjs`: printed 3 lines.\n- `node b.mjs`: printed 4 lines.\n\nLater, proposed:\n\n- E1 (UNRUN) on Windows.\n- E2 (UNRUN) on macOS.')).toBe(4);
    expect(markers('**Platform**\n- Windows paths (UNRUN).\n- macOS paths (UNRUN).\n- A FreeBSD build (UNRUN).')).toBe(3);
  });

  it('does not take a Chinese or Japanese header for another column by a word inside it', () => {
    const ledger = (header: string) =>
      parse(report({ 3: [`| 来源 | URL | ${header} | Bears on |`, '| --- | --- | --- | --- |', '| RFC 9562 | https://www.rfc-editor.org/rfc/rfc9562 | 2026-11-29 / 2026-11-30 | supports `session-id-v4` |'].join('\n') }));
    const both = ledger('確認日 / 閲覧日');
    expect(both.report.sourceLedger[0]).toMatchObject({ verified: '2026-11-29', accessed: '2026-11-30' });
    const related = parse(report({ 3: ['| 相关资料 | URL | 相关论断 |', '| --- | --- | --- |', '| RFC 9562 | https://www.rfc-editor.org/rfc/rfc9562 | supports `session-id-v4` |'].join('\n') }));
    expect(related.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(related.report.sourceLedger[0]!.bearsOn.map(({ ref }) => ref)).toEqual(['session-id-v4']);
    const audit = parse(report({ 2: ['| 论断 | 证据与结论 | Priority |', '| --- | --- | --- |', '| `tree-in-place` | supports: S1 | low |'].join('\n') }));
    expect(audit.report.claimAudit[0]).toMatchObject({ evidence: 'supports: S1', status: 'supported' });
  });

  it('keeps a concern that opens with "Supported," and goes on to say one, as written', () => {
    const { report: data } = parse(report({ 2: ['| Claim | Current evidence | Concern | Priority | Proposed response |', '| --- | --- | --- | --- | --- |', '| `tree-in-place` | supports: S1. | Supported, but only for Linux. | low | clarification |'].join('\n') }));
    expect(data.claimAudit[0]!.concern).toBe('Supported, but only for Linux.');
  });
});
