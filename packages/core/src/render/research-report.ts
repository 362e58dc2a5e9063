/**
 * The chapter's research report (`report.md`) in the seven-section format the
 * brief asks a research pass for — context and provenance, claim audit,
 * source ledger, findings, upgrade proposal, experiment opportunities,
 * review checklist — assembled only from what the sidecars record. It adds
 * no research of its own: what is not recorded is said to be not recorded.
 *
 * The report is built as mdast (`markup/mdast.ts`) and written by
 * `markup/markdown.ts`, so sidecar text can neither break a table nor open a
 * link, an HTML block or an MDX expression.
 */
import type { BlockContent, PhrasingContent, Root } from 'mdast';
import { writeMarkdown } from '../markup/markdown.js';
import { bulletList, code, heading, joined, paragraph, quoteLines, recorded, recordedSentence, safeLink, siteLink, siteLinkText, type Inline } from '../markup/mdast.js';
import type { BookModel, ChapterModel, ResearchModel, ResolvedClaim } from '../model/types.js';
import { findSource, latestPass, latestRun, locateChapter, passReadsCurrent, splitEvidence } from '../model/queries.js';
import { STATUS_WORD, READING, STALE_REASON } from '../model/words.js';
import type { EvidenceItem, Notebook, Relation, ResearchPass } from '../schema/sidecars.js';
import { colabUrl } from '../site/colab.js';
import { chapterUrls, claimUrl, type ChapterUrls, type SiteUrls } from '../site/urls.js';
import { REPORT_SECTIONS } from '../research-report/format.js';
import { claimAuditTable, sourceLedgerTable } from './research-report-tables.js';

/**
 * Render a chapter's `report.md`.
 * @param model the research model (its `asOf` dates the report).
 * @param chapter the chapter, or its `<book>/<chapter>`.
 * @param urls where the site's pages live.
 * @returns Markdown ending in one newline; same inputs, same bytes.
 */
export function renderResearchReport(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): string {
  return writeMarkdown(researchReportTree(model, chapter, urls));
}

/** A chapter's research report as mdast. */
function researchReportTree(model: ResearchModel, chapter: ChapterModel | string, urls: SiteUrls): Root {
  const located = locateChapter(model, chapter);
  const context: Context = { model, book: located.book, chapter: located.chapter, urls, links: chapterUrls(urls, located.book.slug, located.chapter.slug) };
  const { book } = context;
  const current = context.chapter;
  const sections = [provenance, claimAuditTable, sourceLedgerTable, findings, upgradeProposal, experiments, checklist];
  return {
    type: 'root',
    children: [
      heading(1, 'Research report: ', recorded(current.frontmatter.title)),
      paragraph(
        recorded(book.config.title),
        `, chapter ${current.frontmatter.number}. Assembled on ${model.asOf} from the research records of this chapter: it restates what is recorded and adds no research of its own.`,
      ),
      ...sections.flatMap((render, index) => {
        const meta = REPORT_SECTIONS[index]!;
        return [heading(2, `${meta.number}. ${meta.title}`), ...render(context)];
      }),
    ],
  };
}

interface Context {
  model: ResearchModel;
  book: BookModel;
  chapter: ChapterModel;
  urls: SiteUrls;
  links: ChapterUrls;
}

function provenance({ model, book, chapter, links }: Context): BlockContent[] {
  const { validated, leads } = splitEvidence(chapter);
  const sidecars = [chapter.sidecars.claims, chapter.sidecars.evidence, chapter.sidecars.research].filter((file) => file !== undefined);
  const pass = latestPass(chapter);
  const items: Inline[][] = [
    ['Book: ', recorded(book.config.title)],
    ['Chapter: ', recorded(chapter.frontmatter.title), ` (chapter ${chapter.frontmatter.number})`],
    ['Stable id: ', code(chapter.id)],
    ['Chapter URL: ', siteLink(links.chapter)],
    ['Research pack: ', siteLink(links.pack)],
    ['Revision: the snapshot at ', siteLink(links.snapshot)],
    ['Chapter prose fingerprint (sha256, normalized): ', code(chapter.fingerprint)],
    [`Records as of: ${model.asOf} (statuses such as "review due" are computed for this date)`],
    ['Recorded in: ', ...(sidecars.length === 0 ? ['no sidecar file exists for this chapter'] : joined(sidecars.map((file) => [code(file)]), ', '))],
    [
      `Scope: ${count(chapter.claims.length, 'claim')}, ${count(chapter.sources.length, 'source')}, ${count(chapter.evidence.length, 'evidence item')} (${validated.length} validated, ${count(leads.length, 'lead')}), ${count(chapter.research.notebooks.length, 'notebook')}, ${count(chapter.research.history.length, 'research pass', 'research passes')}`,
    ],
  ];
  if (pass === undefined) items.push(['Latest research pass: none is recorded for this chapter.']);
  else {
    const reads = passReadsCurrent(pass, chapter.fingerprint);
    const revision =
      reads === null ? 'it did not record which revision it read' : reads ? 'it read the current revision' : 'it read a revision other than the current one';
    items.push([`Latest research pass: ${pass.date} by `, recorded(pass.by), ...(pass.report === undefined ? [] : [', report ', code(pass.report)]), `; ${revision}.`]);
  }
  items.push(['Limitations: assembled from recorded data only; no source was opened and no notebook was run to produce this report.']);
  return [bulletList(items)];
}

const RELATION_HEADINGS: readonly [Relation, string, string][] = [
  ['supports', 'Supporting evidence', 'No validated evidence supports any claim.'],
  ['qualifies', 'Qualifying evidence', 'No validated evidence qualifies any claim.'],
  ['contradicts', 'Contradictory evidence', 'No validated evidence contradicts any claim.'],
];

function findings({ chapter, urls }: Context): BlockContent[] {
  const { validated, leads } = splitEvidence(chapter);
  const blocks: BlockContent[] = [];
  for (const [relation, title, none] of RELATION_HEADINGS) {
    const items = claimLevel(chapter, urls, validated.filter((item) => item.relation === relation));
    blocks.push(heading(3, title), items.length === 0 ? paragraph(none) : bulletList(items));
  }
  blocks.push(heading(3, 'Unresolved'));
  const unresolved = claimLevel(chapter, urls, validated.filter((item) => item.relation === 'unresolved'));
  const bare = chapter.claims
    .filter((resolved) => !resolved.evidence.some((id) => validated.some((item) => item.id === id)))
    .map((resolved): Inline[] => ['Claim ', claimLink(chapter, urls, resolved.claim.id), ` (${STATUS_WORD[resolved.status]}): no validated evidence is recorded.`]);
  const leadItems = claimLevel(chapter, urls, leads).map((parts): Inline[] => ['Lead, not a finding: ', ...parts]);
  const open = [...unresolved, ...bare, ...leadItems];
  blocks.push(open.length === 0 ? paragraph('Nothing is recorded as unresolved.') : bulletList(open));
  const pass = latestPass(chapter);
  if (pass?.findings !== undefined) {
    blocks.push(heading(3, 'Findings returned by the latest research pass'), paragraph(...passLabel(pass), ' returned these findings, quoted as recorded:'), quoteLines(pass.findings));
  }
  return blocks;
}

/** One item per (claim, evidence item) pair, in claim order, then items on unknown claims. */
function claimLevel(chapter: ChapterModel, urls: SiteUrls, items: readonly EvidenceItem[]): Inline[][] {
  const lines: Inline[][] = [];
  const order = chapter.claims.map((resolved) => resolved.claim.id);
  const known = new Set(order);
  for (const claimId of [...order, ...new Set(items.flatMap((item) => item.claims).filter((id) => !known.has(id)))]) {
    for (const item of items.filter((candidate) => candidate.claims.includes(claimId))) {
      lines.push(['Claim ', claimLink(chapter, urls, claimId), ': ', ...evidenceSentence(chapter, item)]);
    }
  }
  return lines;
}

function claimLink(chapter: ChapterModel, urls: SiteUrls, claimId: string): PhrasingContent {
  return chapter.claims.some((resolved) => resolved.claim.id === claimId)
    ? siteLinkText(claimId, claimUrl(urls, chapter.book, chapter.slug, claimId))
    : recorded(`${claimId} (not a recorded claim)`);
}

function claimLinks(chapter: ChapterModel, urls: SiteUrls, claimIds: readonly string[]): Inline[] {
  return joined(claimIds.map((id) => [claimLink(chapter, urls, id)]), ', ');
}

function evidenceSentence(chapter: ChapterModel, item: EvidenceItem): Inline[] {
  const source = findSource(chapter, item.source);
  const parts: Inline[][] = [
    [
      recorded(item.id),
      ` ${item.relation} (${item.class}), from `,
      ...(source === undefined ? [recorded(item.source), ' (not in the ledger)'] : ['"', recorded(source.title), '" (', recorded(source.id), ')']),
    ],
    item.locator === undefined ? ['locator not recorded'] : ['at ', recorded(item.locator)],
    [`recorded ${item.recorded}`],
  ];
  if (item.run !== undefined) parts.push(['from notebook run ', recorded(item.run)]);
  return [...joined(parts, '; '), '.', ...(item.note === undefined ? [] : [' ', recorded(item.note)])];
}

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/** The claims by priority, highest first, in chapter order within a priority. */
function byPriority(chapter: ChapterModel): ResolvedClaim[] {
  return chapter.claims
    .map((resolved, index) => ({ resolved, index }))
    .sort((a, b) => PRIORITY_ORDER[a.resolved.claim.priority] - PRIORITY_ORDER[b.resolved.claim.priority] || a.index - b.index)
    .map(({ resolved }) => resolved);
}

function upgradeProposal({ chapter, urls }: Context): BlockContent[] {
  const blocks: BlockContent[] = [];
  if (chapter.claims.length === 0) blocks.push(paragraph('No claims are recorded, so no change is proposed from them.'));
  else {
    const proposed = byPriority(chapter).filter((resolved) => resolved.claim.response !== 'no-change');
    if (proposed.length === 0) blocks.push(paragraph("No changes are proposed: every recorded claim's proposed response is no-change."));
    else {
      const items = proposed.map(({ claim, status }): Inline[] => [
        `${claim.response} for claim `,
        claimLink(chapter, urls, claim.id),
        ` (priority ${claim.priority}, ${STATUS_WORD[status]}). `,
        ...(claim.concern === undefined ? ['No concern is recorded.'] : ['Concern: ', recordedSentence(claim.concern)]),
        ...(claim.verdict.rationale === undefined ? [] : [` Verdict (${claim.verdict.status}): `, recordedSentence(claim.verdict.rationale)]),
      ]);
      blocks.push(paragraph('Changes proposed against the recorded claims, highest priority first:'), bulletList(items));
      const unchanged = chapter.claims.filter((resolved) => resolved.claim.response === 'no-change');
      if (unchanged.length > 0) {
        blocks.push(paragraph('No change is proposed for: ', ...claimLinks(chapter, urls, unchanged.map((resolved) => resolved.claim.id)), '.'));
      }
    }
    blocks.push(paragraph('Proposed text, tradeoffs and changes to associated resources are not recorded per claim; settle them when deciding (section 7).'));
  }
  const pass = latestPass(chapter);
  if (pass?.proposal !== undefined) blocks.push(paragraph(...passLabel(pass), ' proposed, quoted as recorded:'), quoteLines(pass.proposal));
  return blocks;
}

function experiments({ book, chapter, urls }: Context): BlockContent[] {
  const items: Inline[][] = [];
  const proposed = chapter.evidence.filter((item) => item.class === 'proposed-experiment');
  for (const item of proposed) {
    items.push([
      ...(item.run === undefined ? ['UNRUN'] : ['RAN (run ', recorded(item.run), ')']),
      ': ',
      recorded(item.id),
      ', for ',
      ...claimLinks(chapter, urls, item.claims),
      ` (${item.status}). Method: `,
      item.note === undefined ? 'not recorded' : recorded(item.note),
      ' Success and failure criteria: not recorded.',
    ]);
  }
  const covered = new Set(proposed.flatMap((item) => item.claims));
  for (const resolved of chapter.claims) {
    if (resolved.claim.response === 'new-experiment' && !covered.has(resolved.claim.id)) {
      items.push(['UNRUN: a new experiment is proposed for claim ', claimLink(chapter, urls, resolved.claim.id), '; no method is recorded.']);
    }
  }
  for (const item of chapter.evidence.filter((candidate) => candidate.class === 'reproduced')) {
    items.push([
      'Reproduced: ',
      recorded(item.id),
      ` (${item.relation}, ${item.status}) for `,
      ...claimLinks(chapter, urls, item.claims),
      ', ',
      ...(item.run === undefined ? ['with no notebook run recorded'] : ['in notebook run ', recorded(item.run)]),
      '.',
    ]);
  }
  for (const notebook of chapter.research.notebooks) items.push(notebookItem(book, notebook));
  if (items.length === 0) return [paragraph('No experiments are proposed and no notebooks are associated with this chapter.')];
  return [bulletList(items)];
}

function notebookItem(book: BookModel, notebook: Notebook): Inline[] {
  const colab = book.config.notebooks === undefined ? undefined : colabUrl(book.config.notebooks, notebook.path);
  const name: Inline[] = [
    'notebook ',
    code(notebook.path),
    ...(colab === undefined ? [] : [' (', safeLink('open in Colab', colab), ')']),
    notebook.published ? '' : ', not in the published inventory',
  ];
  const run = latestRun(notebook);
  if (run === undefined) return ['UNRUN: ', ...name, ': no run is recorded, so what it shows is unverified.'];
  const detail: Inline[] = [
    'run ',
    recorded(run.id),
    ` on ${run.date}, `,
    recorded(run.environment),
    ...(run.notes === undefined ? [] : [': ', recorded(run.notes)]),
  ];
  if (run.outcome === 'passed') return ['Ran: ', ...name, ': the latest recorded run passed (', ...detail, ').'];
  return [
    `${run.outcome === 'failed' ? 'FAILING' : 'PARTIAL'}: `,
    ...name,
    `: the latest recorded run ${run.outcome === 'failed' ? 'failed' : 'only partly passed'} (`,
    ...detail,
    ').',
  ];
}

function checklist({ book, chapter, urls }: Context): BlockContent[] {
  const tasks: Inline[][] = [];
  for (const { claim } of byPriority(chapter)) {
    if (claim.response === 'no-change') continue;
    tasks.push([
      `Accept, revise, defer or reject the ${claim.response} proposed for claim `,
      claimLink(chapter, urls, claim.id),
      ` (priority ${claim.priority}). `,
      ...(claim.concern === undefined ? ['No reason is recorded.'] : ['Recorded reason: ', recordedSentence(claim.concern)]),
    ]);
  }
  for (const resolved of chapter.claims) {
    if (resolved.stale !== false) tasks.push(['Review stale claim ', claimLink(chapter, urls, resolved.claim.id), ` again: ${STALE_REASON[resolved.stale]}.`]);
  }
  for (const resolved of chapter.claims) {
    if (resolved.reviewDue) {
      tasks.push(['Re-check claim ', claimLink(chapter, urls, resolved.claim.id), `: its newest validated evidence is older than ${book.config.reviewAfterDays} days.`]);
    }
  }
  for (const resolved of chapter.claims) {
    if (resolved.status === 'unverified') tasks.push(['Verify claim ', claimLink(chapter, urls, resolved.claim.id), ': no verdict has been given.']);
  }
  for (const item of splitEvidence(chapter).leads) {
    tasks.push(['Verify lead ', recorded(item.id), ' (for ', ...joined(item.claims.map((id) => [recorded(id)]), ', '), ') before relying on it, or drop it.']);
  }
  for (const source of chapter.sources) {
    if (source.reading !== 'full-text') tasks.push(['Read source ', recorded(source.id), ` in full (recorded as ${READING[source.reading].word}), or keep its limits in mind.`]);
  }
  for (const notebook of chapter.research.notebooks) {
    const run = latestRun(notebook);
    if (run === undefined) tasks.push(['Run notebook ', code(notebook.path), ' and record the run.']);
    else if (run.outcome !== 'passed') tasks.push(['Fix notebook ', code(notebook.path), `: its latest recorded run ${run.outcome === 'failed' ? 'failed' : 'only partly passed'}.`]);
  }
  const pass = latestPass(chapter);
  if (pass === undefined) tasks.push(['Commission a first research pass with the brief.']);
  else if (passReadsCurrent(pass, chapter.fingerprint) !== true) {
    tasks.push(['Commission a research pass on the current revision: the latest pass did not read it (or did not record which revision it read).']);
  }
  return tasks.length === 0 ? [paragraph('No decisions are pending: nothing recorded for this chapter awaits review.')] : [bulletList(tasks, { task: true })];
}

function passLabel(pass: ResearchPass): Inline[] {
  return [`The latest research pass (${pass.date}, by `, recorded(pass.by), ')'];
}

function count(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}
