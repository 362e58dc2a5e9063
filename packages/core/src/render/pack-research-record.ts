/**
 * The sections of the research pack page drawn from the research record:
 * references and bibliography, the research objective and questions, the
 * notebooks with their recorded runs, and the research history.
 */
import type { Element } from 'hast';
import { h } from 'hastscript';
import { dataTable, externalLink, labelledSection, timeElement } from '../markup/hast.js';
import type { BookModel } from '../model/types.js';
import { findSource, latestRun, passReadsCurrent } from '../model/queries.js';
import { plural } from '../model/words.js';
import type { Notebook, ResearchPass } from '../schema/sidecars.js';
import { colabUrl } from '../site/colab.js';
import { AVAILABILITY_STATEMENT } from './brief.js';
import { resolveObjective } from './brief-wording.js';
import { fact, type PackContext } from './pack-context.js';

/**
 * The "References and bibliography" section.
 * @param context the pack page's inputs.
 * @returns the section: each reference with its link and ledger source, or the fact that none is recorded.
 */
export function referencesSection({ chapter }: PackContext): Element {
  const refs = chapter.research.references;
  if (refs.length === 0) {
    return labelledSection(
      'h2',
      'rp-section-references',
      'References and bibliography',
      [fact("No references are recorded against this chapter. That is a fact about the site's records, not a finding that the chapter is unsourced.")],
      'rp-section',
    );
  }
  return labelledSection(
    'h2',
    'rp-section-references',
    'References and bibliography',
    [
      h(
        'ul',
        refs.map((ref) => {
          const inLedger = ref.source === undefined ? undefined : findSource(chapter, ref.source);
          return h('li', { id: `rp-reference-${ref.id}` }, [
            ref.citation,
            ...(ref.url === undefined ? [] : [' ', externalLink(ref.url)]),
            ...(ref.source === undefined
              ? []
              : [' (', inLedger === undefined ? `source ${ref.source}, not in the ledger` : h('a', { href: `#rp-source-${ref.source}` }, `source ${ref.source}`), ')']),
          ]);
        }),
      ),
    ],
    'rp-section',
  );
}

/**
 * The "Research objective and questions" section.
 * @param context the pack page's inputs.
 * @returns the section: the objective (the chapter's, the book's or the default) and the questions.
 */
export function objectiveSection({ book, chapter }: PackContext): Element {
  const objective = resolveObjective(book, chapter);
  const questions = chapter.research.questions;
  return labelledSection(
    'h2',
    'rp-section-objective',
    'Research objective and questions',
    [
      h('p', { className: ['rp-objective'] }, objective.text),
      questions.length === 0
        ? fact('No specific research questions are recorded for this chapter beyond the objective above.')
        : h('ol', { className: ['rp-questions'] }, questions.map((question) => h('li', question))),
    ],
    'rp-section',
  );
}

/**
 * The "Notebooks" section.
 * @param context the pack page's inputs.
 * @returns the section: each notebook with its Colab link, inventory and runs, then the availability statement.
 */
export function notebooksSection({ book, chapter }: PackContext): Element {
  const notebooks = chapter.research.notebooks;
  return labelledSection(
    'h2',
    'rp-section-notebooks',
    'Notebooks',
    [
      notebooks.length === 0
        ? fact('No notebooks are associated with this chapter.')
        : h('ul', { className: ['rp-notebooks'] }, notebooks.map((notebook) => notebookItem(book, notebook))),
      h('p', { className: ['rp-warning'] }, AVAILABILITY_STATEMENT),
    ],
    'rp-section',
  );
}

function notebookItem(book: BookModel, notebook: Notebook): Element {
  const repository = book.config.notebooks;
  const colab = repository === undefined ? undefined : colabUrl(repository, notebook.path);
  const run = latestRun(notebook);
  const inventory =
    repository === undefined
      ? 'The book names no notebooks repository, so no Colab link can be derived.'
      : notebook.published
        ? `In the published inventory of ${repository.github} (branch ${repository.branch}).`
        : `Not in the published inventory of ${repository.github} (branch ${repository.branch}); the link may not open.`;
  return h('li', { dataState: run?.outcome ?? 'never-run' }, [
    h('p', [
      colab === undefined ? h('code', notebook.path) : h('a', { href: colab }, [h('code', notebook.path), ' (open in Colab)']),
      ...(notebook.title === undefined ? [] : [` — ${notebook.title}`]),
    ]),
    h('p', inventory),
    notebook.runs.length === 0
      ? h('p', { className: ['rp-unverified'] }, 'Unverified: no recorded run.')
      : dataTable(
          'rp-runs',
          `Recorded runs of ${notebook.path}, oldest first`,
          ['Date', 'Outcome', 'Run id', 'Environment', 'By', 'Notes'],
          notebook.runs.map((entry) =>
            h('tr', [
              h('th', { scope: 'row' }, timeElement(entry.date)),
              h('td', { dataOutcome: entry.outcome }, entry.outcome),
              h('td', h('code', entry.id)),
              h('td', entry.environment),
              h('td', entry.by ?? 'not recorded'),
              h('td', entry.notes ?? 'none recorded'),
            ]),
          ),
        ),
  ]);
}

/**
 * The "Research history" section.
 * @param context the pack page's inputs.
 * @returns the section: one row per research pass, oldest first, saying whether it read the current revision.
 */
export function historySection({ chapter }: PackContext): Element {
  const passes = chapter.research.history;
  if (passes.length === 0) {
    return labelledSection(
      'h2',
      'rp-section-history',
      'Research history',
      [fact('No research has been recorded for this chapter yet. The next research pass will be the first.')],
      'rp-section',
    );
  }
  return labelledSection(
    'h2',
    'rp-section-history',
    'Research history',
    [
      dataTable(
        'rp-history',
        `Research passes over this chapter, oldest first (${passes.length})`,
        ['Date', 'By', 'Report', 'Revision read', 'Summary', 'Recorded'],
        passes.map((pass) => passRow(pass, chapter.fingerprint)),
      ),
    ],
    'rp-section',
  );
}

function passRow(pass: ResearchPass, fingerprint: string): Element {
  const reads = passReadsCurrent(pass, fingerprint);
  const revision =
    reads === null
      ? ['not recorded']
      : [h('code', pass.fingerprint ?? ''), reads ? ' — the current revision' : ' — not the current revision: the chapter has changed since'];
  return h('tr', { dataCurrent: reads === null ? 'unknown' : String(reads) }, [
    h('th', { scope: 'row' }, timeElement(pass.date)),
    h('td', pass.by),
    h('td', pass.report === undefined ? 'not recorded' : h('code', pass.report)),
    h('td', revision),
    h('td', pass.summary ?? 'not recorded'),
    h('td', pass.counts === undefined ? 'not recorded' : `${plural(pass.counts.claims, 'claim')}, ${plural(pass.counts.sources, 'source')}, ${plural(pass.counts.leads, 'lead')}`),
  ]);
}
