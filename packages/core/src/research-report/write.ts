/**
 * The chapter's research report (`report.md`) in the seven-section format the
 * brief asks a research pass for — context and provenance, claim audit,
 * source ledger, findings, upgrade proposal, experiment opportunities,
 * review checklist — assembled only from what the sidecars record. It adds
 * no research of its own: what is not recorded is said to be not recorded.
 *
 * Every recorded string is escaped (`markdown-text.ts`), so sidecar text can
 * neither break a table nor open a link, an HTML block or an MDX expression.
 */
import { colabUrl } from '../site/colab.js';
import { codeSpan, escapeMarkdown, escapeMarkdownLines, escapeSentence, escapeTableCell, markdownLink, markdownTable, markdownUrl, siteLink, siteLinkText } from '../markup/markdown.js';
import type { BookModel, ChapterModel, ResearchModel, ResolvedClaim } from '../model/types.js';
import { claimsOfSource, findSource, latestPass, latestRun, locateChapter, passReadsCurrent, splitEvidence } from '../model/queries.js';
import type { EvidenceItem, Notebook, Relation, ResearchPass, Source } from '../schema/sidecars.js';
import { chapterUrls, claimUrl, type ChapterUrls, type SiteUrls } from '../site/urls.js';
import { STATUS_WORD, ANCHORING_WORD, READING, STALE_REASON } from '../model/words.js';
import { REPORT_SECTIONS } from './format.js';

/**
 * Render a chapter's `report.md`.
 * @param model the research model (its `asOf` dates the report).
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns Markdown ending in one newline; same inputs, same bytes.
 */
export function renderResearchReport(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): string {
  const located = locateChapter(model, chapter);
  const context: Context = { model, book: located.book, chapter: located.chapter, urls, links: chapterUrls(urls, located.book.slug, located.chapter.slug) };
  const { book } = context;
  const current = context.chapter;
  const sections = [provenance, claimAudit, sourceLedger, findings, upgradeProposal, experiments, checklist];
  const blocks = [
    `# Research report: ${escapeMarkdown(current.frontmatter.title)}`,
    `${escapeMarkdown(book.config.title)}, chapter ${current.frontmatter.number}. Assembled on ${model.asOf} from the research records of this chapter: it restates what is recorded and adds no research of its own.`,
    ...sections.map((render, index) => {
      const meta = REPORT_SECTIONS[index]!;
      return [`## ${meta.number}. ${meta.title}`, '', render(context).join('\n')].join('\n');
    }),
  ];
  return `${blocks.join('\n\n')}\n`;
}

interface Context {
  model: ResearchModel;
  book: BookModel;
  chapter: ChapterModel;
  urls: SiteUrls;
  links: ChapterUrls;
}

function provenance({ model, book, chapter, links }: Context): string[] {
  const { validated, leads } = splitEvidence(chapter);
  const sidecars = [chapter.sidecars.claims, chapter.sidecars.evidence, chapter.sidecars.research].filter((file) => file !== undefined);
  const pass = latestPass(chapter);
  const lines = [
    `- Book: ${escapeMarkdown(book.config.title)}`,
    `- Chapter: ${escapeMarkdown(chapter.frontmatter.title)} (chapter ${chapter.frontmatter.number})`,
    `- Stable id: ${codeSpan(chapter.id)}`,
    `- Chapter URL: ${siteLink(links.chapter)}`,
    `- Research pack: ${siteLink(links.pack)}`,
    `- Revision: the snapshot at ${siteLink(links.snapshot)}`,
    `- Chapter prose fingerprint (sha256, normalized): ${codeSpan(chapter.fingerprint)}`,
    `- Records as of: ${model.asOf} (statuses such as "review due" are computed for this date)`,
    `- Recorded in: ${sidecars.length === 0 ? 'no sidecar file exists for this chapter' : sidecars.map((file) => codeSpan(file)).join(', ')}`,
    `- Scope: ${count(chapter.claims.length, 'claim')}, ${count(chapter.sources.length, 'source')}, ${count(chapter.evidence.length, 'evidence item')} (${validated.length} validated, ${count(leads.length, 'lead')}), ${count(chapter.research.notebooks.length, 'notebook')}, ${count(chapter.research.history.length, 'research pass', 'research passes')}`,
  ];
  if (pass === undefined) lines.push('- Latest research pass: none is recorded for this chapter.');
  else {
    const reads = passReadsCurrent(pass, chapter.fingerprint);
    const revision =
      reads === null ? 'it did not record which revision it read' : reads ? 'it read the current revision' : 'it read a revision other than the current one';
    lines.push(
      `- Latest research pass: ${pass.date} by ${escapeMarkdown(pass.by)}${pass.report === undefined ? '' : `, report ${codeSpan(pass.report)}`}; ${revision}.`,
    );
  }
  lines.push('- Limitations: assembled from recorded data only; no source was opened and no notebook was run to produce this report.');
  return lines;
}

function claimAudit({ chapter, urls }: Context): string[] {
  if (chapter.claims.length === 0) return ['No claims are recorded for this chapter.'];
  const rows = chapter.claims.map((resolved) => {
    const { claim } = resolved;
    return [
      `${siteLinkText(claim.id, claimUrl(urls, chapter.book, chapter.slug, claim.id))}: ${escapeTableCell(resolved.text)}`,
      `line ${resolved.location.line}, column ${resolved.location.column} (${ANCHORING_WORD[resolved.anchoring]})`,
      statusCell(resolved),
      evidenceCell(chapter, resolved),
      claim.concern === undefined ? 'none recorded' : escapeTableCell(claim.concern),
      claim.priority,
      claim.response,
    ];
  });
  return [markdownTable(['Claim', 'Location', 'Status', 'Evidence', 'Concern', 'Priority', 'Proposed response'], rows)];
}

function statusCell(resolved: ResolvedClaim): string {
  const verdict = resolved.claim.verdict;
  const given = `${verdict.status}${verdict.date === undefined ? '' : ` on ${verdict.date}`}${verdict.rationale === undefined ? '' : `: ${escapeTableCell(verdict.rationale)}`}`;
  if (resolved.status === 'stale') return `stale (${STALE_REASON[resolved.stale || 'text-changed']}); verdict was ${given}`;
  if (resolved.status === 'review-due') return `review due; verdict ${given}`;
  return given;
}

function evidenceCell(chapter: ChapterModel, resolved: ResolvedClaim): string {
  if (resolved.evidence.length === 0) return 'none recorded';
  return resolved.evidence
    .map((id) => {
      const item = chapter.evidence.find((candidate) => candidate.id === id);
      return item === undefined ? `${escapeTableCell(id)} (not recorded)` : `${escapeTableCell(id)} (${item.status}, ${item.relation}, ${item.class})`;
    })
    .join('; ');
}

function sourceLedger({ chapter }: Context): string[] {
  if (chapter.sources.length === 0) return ['No sources are recorded in the source ledger of this chapter.'];
  const rows = chapter.sources.map((source) => {
    const claims = claimsOfSource(chapter, source.id);
    return [
      `${escapeTableCell(source.id)}: ${escapeTableCell(source.title)}`,
      metadataCell(source),
      identifiersCell(source),
      urlCell(source),
      READING[source.reading].word,
      claims.length === 0 ? 'none recorded' : claims.map(escapeTableCell).join(', '),
      source.limitations === undefined ? 'none recorded' : escapeTableCell(source.limitations),
      `accessed ${source.accessed}; ${source.verified === undefined ? 'metadata not verified' : `verified ${source.verified}`}`,
    ];
  });
  return [markdownTable(['Source', 'Metadata', 'Identifiers', 'URL', 'Reading status', 'Claims', 'Limitations', 'Accessed / verified'], rows)];
}

function metadataCell(source: Source): string {
  const parts = [
    source.authors.length === 0 ? 'authors not recorded' : source.authors.map(escapeTableCell).join(', '),
    source.venue === undefined ? undefined : escapeTableCell(source.venue),
    source.publisher === undefined ? undefined : escapeTableCell(source.publisher),
    source.published === undefined ? 'publication date not recorded' : `published ${source.published}`,
    source.updated === undefined ? undefined : `updated ${source.updated}`,
  ];
  return parts.filter((part) => part !== undefined).join('; ');
}

function identifiersCell(source: Source): string {
  const { doi, arxiv, isbn } = source.identifiers;
  const parts = [
    doi === undefined ? undefined : `DOI ${markdownLink(doi, `doi:${doi}`)}`,
    arxiv === undefined ? undefined : `arXiv ${markdownLink(arxiv, `arxiv:${arxiv}`)}`,
    isbn === undefined ? undefined : `ISBN ${escapeTableCell(isbn)}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'none recorded' : parts.join('; ');
}

function urlCell(source: Source): string {
  const parts = [
    source.url === undefined ? undefined : markdownUrl(source.url),
    source.archiveUrl === undefined ? undefined : `archived copy: ${markdownUrl(source.archiveUrl)}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'none recorded' : parts.join('; ');
}

const RELATION_HEADINGS: readonly [Relation, string, string][] = [
  ['supports', 'Supporting evidence', 'No validated evidence supports any claim.'],
  ['qualifies', 'Qualifying evidence', 'No validated evidence qualifies any claim.'],
  ['contradicts', 'Contradictory evidence', 'No validated evidence contradicts any claim.'],
];

function findings({ chapter, urls }: Context): string[] {
  const { validated, leads } = splitEvidence(chapter);
  const lines: string[] = [];
  for (const [relation, heading, none] of RELATION_HEADINGS) {
    lines.push(`### ${heading}`, '');
    const items = claimLevel(chapter, urls, validated.filter((item) => item.relation === relation));
    lines.push(...(items.length === 0 ? [none] : items), '');
  }
  lines.push('### Unresolved', '');
  const unresolved = claimLevel(chapter, urls, validated.filter((item) => item.relation === 'unresolved'));
  const bare = chapter.claims.filter((resolved) => !resolved.evidence.some((id) => validated.some((item) => item.id === id)));
  const leadLines = claimLevel(chapter, urls, leads).map((line) => line.replace(/^- /, '- Lead, not a finding: '));
  if (unresolved.length === 0 && bare.length === 0 && leadLines.length === 0) lines.push('Nothing is recorded as unresolved.');
  lines.push(...unresolved);
  for (const resolved of bare) {
    lines.push(`- Claim ${claimLink(chapter, urls, resolved.claim.id)} (${STATUS_WORD[resolved.status]}): no validated evidence is recorded.`);
  }
  lines.push(...leadLines);
  const pass = latestPass(chapter);
  if (pass?.findings !== undefined) {
    lines.push('', '### Findings returned by the latest research pass', '', `${passLabel(pass)} returned these findings, quoted as recorded:`, '', escapeMarkdownLines(pass.findings, '> '));
  }
  return trimBlank(lines);
}

/** One bullet per (claim, evidence item) pair, in claim order, then items on unknown claims. */
function claimLevel(chapter: ChapterModel, urls: SiteUrls, items: readonly EvidenceItem[]): string[] {
  const lines: string[] = [];
  const order = chapter.claims.map((resolved) => resolved.claim.id);
  const known = new Set(order);
  for (const claimId of [...order, ...new Set(items.flatMap((item) => item.claims).filter((id) => !known.has(id)))]) {
    for (const item of items.filter((candidate) => candidate.claims.includes(claimId))) {
      lines.push(`- Claim ${claimLink(chapter, urls, claimId)}: ${evidenceSentence(chapter, item)}`);
    }
  }
  return lines;
}

function claimLink(chapter: ChapterModel, urls: SiteUrls, claimId: string): string {
  return chapter.claims.some((resolved) => resolved.claim.id === claimId)
    ? siteLinkText(claimId, claimUrl(urls, chapter.book, chapter.slug, claimId))
    : `${escapeMarkdown(claimId)} (not a recorded claim)`;
}

function evidenceSentence(chapter: ChapterModel, item: EvidenceItem): string {
  const source = findSource(chapter, item.source);
  const parts = [
    `${escapeMarkdown(item.id)} ${item.relation} (${item.class}), from ${source === undefined ? `${escapeMarkdown(item.source)} (not in the ledger)` : `"${escapeMarkdown(source.title)}" (${escapeMarkdown(source.id)})`}`,
    item.locator === undefined ? 'locator not recorded' : `at ${escapeMarkdown(item.locator)}`,
    `recorded ${item.recorded}`,
  ];
  if (item.run !== undefined) parts.push(`from notebook run ${escapeMarkdown(item.run)}`);
  return `${parts.join('; ')}.${item.note === undefined ? '' : ` ${escapeMarkdown(item.note)}`}`;
}

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

function upgradeProposal({ chapter, urls }: Context): string[] {
  const lines: string[] = [];
  if (chapter.claims.length === 0) lines.push('No claims are recorded, so no change is proposed from them.');
  else {
    const proposed = chapter.claims
      .map((resolved, index) => ({ resolved, index }))
      .filter(({ resolved }) => resolved.claim.response !== 'no-change')
      .sort((a, b) => PRIORITY_ORDER[a.resolved.claim.priority] - PRIORITY_ORDER[b.resolved.claim.priority] || a.index - b.index)
      .map(({ resolved }) => resolved);
    if (proposed.length === 0) lines.push("No changes are proposed: every recorded claim's proposed response is no-change.");
    else {
      lines.push('Changes proposed against the recorded claims, highest priority first:', '');
      for (const resolved of proposed) {
        const { claim } = resolved;
        const reasons = [
          claim.concern === undefined ? 'No concern is recorded.' : `Concern: ${escapeSentence(claim.concern)}`,
          claim.verdict.rationale === undefined ? undefined : `Verdict (${claim.verdict.status}): ${escapeSentence(claim.verdict.rationale)}`,
        ].filter((part) => part !== undefined);
        lines.push(`- ${claim.response} for claim ${claimLink(chapter, urls, claim.id)} (priority ${claim.priority}, ${STATUS_WORD[resolved.status]}). ${reasons.join(' ')}`);
      }
      const unchanged = chapter.claims.filter((resolved) => resolved.claim.response === 'no-change');
      if (unchanged.length > 0) {
        lines.push('', `No change is proposed for: ${unchanged.map((resolved) => claimLink(chapter, urls, resolved.claim.id)).join(', ')}.`);
      }
    }
    lines.push('', 'Proposed text, tradeoffs and changes to associated resources are not recorded per claim; settle them when deciding (section 7).');
  }
  const pass = latestPass(chapter);
  if (pass?.proposal !== undefined) {
    lines.push('', `${passLabel(pass)} proposed, quoted as recorded:`, '', escapeMarkdownLines(pass.proposal, '> '));
  }
  return lines;
}

function experiments({ book, chapter, urls }: Context): string[] {
  const lines: string[] = [];
  const proposed = chapter.evidence.filter((item) => item.class === 'proposed-experiment');
  for (const item of proposed) {
    const marker = item.run === undefined ? 'UNRUN' : `RAN (run ${escapeMarkdown(item.run)})`;
    lines.push(
      `- ${marker}: ${escapeMarkdown(item.id)}, for ${item.claims.map((id) => claimLink(chapter, urls, id)).join(', ')} (${item.status}). Method: ${item.note === undefined ? 'not recorded' : escapeMarkdown(item.note)} Success and failure criteria: not recorded.`,
    );
  }
  const covered = new Set(proposed.flatMap((item) => item.claims));
  for (const resolved of chapter.claims) {
    if (resolved.claim.response === 'new-experiment' && !covered.has(resolved.claim.id)) {
      lines.push(`- UNRUN: a new experiment is proposed for claim ${claimLink(chapter, urls, resolved.claim.id)}; no method is recorded.`);
    }
  }
  for (const item of chapter.evidence.filter((candidate) => candidate.class === 'reproduced')) {
    lines.push(
      `- Reproduced: ${escapeMarkdown(item.id)} (${item.relation}, ${item.status}) for ${item.claims.map((id) => claimLink(chapter, urls, id)).join(', ')}, ${item.run === undefined ? 'with no notebook run recorded' : `in notebook run ${escapeMarkdown(item.run)}`}.`,
    );
  }
  for (const notebook of chapter.research.notebooks) lines.push(notebookLine(book, notebook));
  if (lines.length === 0) return ['No experiments are proposed and no notebooks are associated with this chapter.'];
  return lines;
}

function notebookLine(book: BookModel, notebook: Notebook): string {
  const colab = book.config.notebooks === undefined ? undefined : colabUrl(book.config.notebooks, notebook.path);
  const name = `notebook ${codeSpan(notebook.path)}${colab === undefined ? '' : ` (${markdownLink('open in Colab', colab)})`}${notebook.published ? '' : ', not in the published inventory'}`;
  const run = latestRun(notebook);
  if (run === undefined) return `- UNRUN: ${name}: no run is recorded, so what it shows is unverified.`;
  const detail = `run ${escapeMarkdown(run.id)} on ${run.date}, ${escapeMarkdown(run.environment)}${run.notes === undefined ? '' : `: ${escapeMarkdown(run.notes)}`}`;
  if (run.outcome === 'passed') return `- Ran: ${name}: the latest recorded run passed (${detail}).`;
  return `- ${run.outcome === 'failed' ? 'FAILING' : 'PARTIAL'}: ${name}: the latest recorded run ${run.outcome === 'failed' ? 'failed' : 'only partly passed'} (${detail}).`;
}

function checklist({ book, chapter, urls }: Context): string[] {
  const lines: string[] = [];
  const task = (text: string) => lines.push(`- [ ] ${text}`);
  const byPriority = chapter.claims
    .map((resolved, index) => ({ resolved, index }))
    .sort((a, b) => PRIORITY_ORDER[a.resolved.claim.priority] - PRIORITY_ORDER[b.resolved.claim.priority] || a.index - b.index)
    .map(({ resolved }) => resolved);
  for (const { claim } of byPriority) {
    if (claim.response === 'no-change') continue;
    task(
      `Accept, revise, defer or reject the ${claim.response} proposed for claim ${claimLink(chapter, urls, claim.id)} (priority ${claim.priority}). ${claim.concern === undefined ? 'No reason is recorded.' : `Recorded reason: ${escapeSentence(claim.concern)}`}`,
    );
  }
  for (const resolved of chapter.claims) {
    if (resolved.stale !== false) task(`Review stale claim ${claimLink(chapter, urls, resolved.claim.id)} again: ${STALE_REASON[resolved.stale]}.`);
  }
  for (const resolved of chapter.claims) {
    if (resolved.reviewDue) {
      task(`Re-check claim ${claimLink(chapter, urls, resolved.claim.id)}: its newest validated evidence is older than ${book.config.reviewAfterDays} days.`);
    }
  }
  for (const resolved of chapter.claims) {
    if (resolved.status === 'unverified') task(`Verify claim ${claimLink(chapter, urls, resolved.claim.id)}: no verdict has been given.`);
  }
  for (const item of splitEvidence(chapter).leads) {
    task(`Verify lead ${escapeMarkdown(item.id)} (for ${item.claims.map(escapeMarkdown).join(', ')}) before relying on it, or drop it.`);
  }
  for (const source of chapter.sources) {
    if (source.reading !== 'full-text') task(`Read source ${escapeMarkdown(source.id)} in full (recorded as ${READING[source.reading].word}), or keep its limits in mind.`);
  }
  for (const notebook of chapter.research.notebooks) {
    const run = latestRun(notebook);
    if (run === undefined) task(`Run notebook ${codeSpan(notebook.path)} and record the run.`);
    else if (run.outcome !== 'passed') task(`Fix notebook ${codeSpan(notebook.path)}: its latest recorded run ${run.outcome === 'failed' ? 'failed' : 'only partly passed'}.`);
  }
  const pass = latestPass(chapter);
  if (pass === undefined) task('Commission a first research pass with the brief.');
  else if (passReadsCurrent(pass, chapter.fingerprint) !== true) {
    task('Commission a research pass on the current revision: the latest pass did not read it (or did not record which revision it read).');
  }
  return lines.length === 0 ? ['No decisions are pending: nothing recorded for this chapter awaits review.'] : lines;
}

function passLabel(pass: ResearchPass): string {
  return `The latest research pass (${pass.date}, by ${escapeMarkdown(pass.by)})`;
}

function count(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

function trimBlank(lines: string[]): string[] {
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
