#!/usr/bin/env node
/**
 * Generates a synthetic technical book for `npm run bench`: chapters of
 * realistic MDX prose (headings, paragraphs with emphasis, links and inline
 * code, lists, tables, code fences), about 20 claims per chapter (a mix of
 * `:claim[...]{#id}` directives and quote anchors that match exactly once),
 * and the sidecars (`book.yaml`, `<chapter>.claims.yaml`, `.evidence.yaml`,
 * `.research.yaml`) with sources and evidence that pass validation.
 *
 * Deterministic: the same seed and chapter count give byte-identical files.
 *
 *   node bench/generate.mjs <dir> [--chapters 300] [--plain] [--seed 1]
 *
 * writes `<dir>/content/books/<book>/...`. `--plain` writes the same chapters
 * with the claim directives stripped to their text and no sidecars: the floor
 * build parses the same prose without the integration.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** The date every generated record is consistent with ("review due" is computed against it). */
export const AS_OF = '2026-11-01';
export const DEFAULT_SEED = 20261129;

// ---------------------------------------------------------------------------
// PRNG

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const shuffle = (list) => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffle };
}

// ---------------------------------------------------------------------------
// Vocabulary. Prose avoids `{`, `}`, `<` (MDX), `word:word` (text directives
// once directives are on), quotes and apostrophes (smart punctuation differs
// between the snapshot parse and the rendered page).

const SUBJECTS = [
  'the write-ahead log', 'the session store', 'the scheduler', 'the request router', 'the compaction job',
  'the page cache', 'the tokenizer', 'the agent loop', 'the retry policy', 'the connection pool',
  'the index builder', 'the snapshot writer', 'the garbage collector', 'the event bus', 'the query planner',
  'the replication stream', 'the rate limiter', 'the build graph', 'the cache layer', 'the tool runner',
  'each worker thread', 'every client', 'a background task', 'the storage engine', 'the parser',
  'the type checker', 'the bundler', 'the embedding service', 'the vector index', 'the job queue',
];
const VERBS = [
  'reads', 'writes', 'flushes', 'validates', 'serializes', 'batches', 'replays', 'compresses', 'schedules',
  'rejects', 'retries', 'caches', 'indexes', 'streams', 'checkpoints', 'merges', 'splits', 'hashes',
  'tracks', 'forwards', 'buffers', 'recovers', 'allocates', 'releases', 'records', 'summarizes',
];
const OBJECTS = [
  'every entry', 'the pending records', 'each request', 'the dirty pages', 'the session header',
  'the message history', 'incoming events', 'the tool results', 'the partial output', 'the segment files',
  'the token budget', 'the configuration', 'stale handles', 'the lock table', 'the manifest',
  'the checksum', 'the model response', 'the trace spans', 'the last checkpoint', 'the open transactions',
];
const ADVERBIALS = [
  'before it acknowledges the caller', 'in a single pass', 'when the buffer fills', 'at the end of each turn',
  'without holding the global lock', 'on a dedicated thread', 'whenever the process restarts',
  'after the fsync returns', 'in file order', 'under memory pressure', 'once per second',
  'for every tool call', 'as soon as the peer disconnects', 'in the same transaction', 'lazily, on first use',
  'before the next compaction', 'behind a feature flag', 'with exponential backoff', 'in constant memory',
];
const CONNECTIVES = [
  'In practice,', 'By default,', 'As a result,', 'For this reason,', 'In the common case,', 'Under load,',
  'On most systems,', 'In contrast,', 'During recovery,', 'At startup,', 'Historically,', 'In this design,',
];
const OPINIONS = [
  'This keeps the hot path short and predictable.',
  'That trade-off is easy to miss in a small benchmark.',
  'The cost shows up only when the working set outgrows memory.',
  'Most of the complexity lives in the error handling, not the happy path.',
  'It is the simplest design that survives a crash at any point.',
  'Readers who skip this detail usually rediscover it in production.',
  'Nothing here depends on a particular operating system.',
  'The remaining sections show where this assumption breaks down.',
  'A later chapter revisits this with real traces.',
  'The numbers below come from a single machine and should be read as orders of magnitude.',
];
const CODE_WORDS = [
  'fsync', 'O_DIRECT', 'mmap', 'readFileSync', 'appendEntry', 'session.jsonl', 'maxRetries', 'flushInterval',
  'AbortController', 'Promise.all', 'WAL_SEGMENT_SIZE', 'tokenCount', 'compact()', 'snapshot.bin', 'SIGTERM',
  'epoll_wait', 'io_uring', 'Content-Length', 'ETag', 'If-None-Match', 'toolCallId', 'parentId', 'nextCursor',
];
const LINK_TEXTS = [
  'the POSIX specification', 'the original paper', 'the project documentation', 'an earlier chapter',
  'the release notes', 'the design document', 'a well-known postmortem', 'the benchmark suite',
  'the reference implementation', 'the RFC',
];
const LINK_HOSTS = ['https://example.org', 'https://docs.example.com', 'https://research.example.net', 'https://www.rfc-editor.org'];
const HEADING_WORDS = [
  'Durability', 'Ordering', 'Recovery', 'Compaction', 'Back-pressure', 'Batching', 'Latency budgets', 'Failure modes',
  'Checkpoints', 'Concurrency', 'Caching', 'Observability', 'Streaming', 'Schema evolution', 'Retries', 'Indexes',
  'Memory layout', 'Tool calls', 'Session trees', 'Token budgets', 'Replication', 'Testing', 'Benchmarks',
];
const TITLE_WORDS = [
  'Write-Ahead Logs', 'Session Files', 'The Agent Loop', 'Caching Model Output', 'Streaming Responses', 'Tool Execution',
  'Crash Recovery', 'Compaction', 'Rate Limits', 'Vector Indexes', 'Token Accounting', 'Replication', 'Build Graphs',
  'Connection Pools', 'Scheduling', 'Back-pressure', 'Event Sourcing', 'Checkpointing', 'Observability', 'Schema Evolution',
];
const LANGS = ['ts', 'js', 'json', 'bash', 'python', 'yaml', 'rust'];
const COMPONENTS = [
  'session loader', 'log writer', 'tool runner', 'token counter', 'compaction job', 'replication stream',
  'request router', 'cache layer', 'index builder', 'snapshot writer', 'event bus', 'job queue', 'parser',
  'rate limiter', 'connection pool', 'query planner', 'vector index', 'agent loop', 'scheduler', 'bundler',
];
const MACHINES = ['the reference laptop', 'a 2-core cloud VM', 'the CI runner', 'an NVMe workstation', 'a Raspberry Pi 5', 'the staging cluster'];
const CONDITIONS = ['with a cold cache', 'under sustained load', 'after a clean restart', 'with compression on', 'with 64 concurrent clients', 'on a full disk'];

// Claim sentences: concrete, checkable, and unique within a chapter thanks
// to their numbers (the generator verifies uniqueness after assembly).
const CLAIM_TEMPLATES = [
  (r, n) => `A cold start of the ${r.pick(COMPONENTS)} takes ${n} ms on ${r.pick(MACHINES)}`,
  (r, n) => `The ${r.pick(COMPONENTS)} handles ${n * 10} requests per second ${r.pick(CONDITIONS)}`,
  (r, n) => `Batching writes in groups of ${n} cuts the ${r.pick(COMPONENTS)} latency by about ${r.int(11, 89)} percent`,
  (r, n) => `The ${r.pick(COMPONENTS)} keeps at most ${n} entries in memory before it spills to disk`,
  (r, n) => `Setting the flush interval to ${n} ms loses at most one turn of history after a crash`,
  (r, n) => `Version ${r.int(1, 9)}.${n} of the ${r.pick(COMPONENTS)} changed its default timeout to ${r.int(2, 120)} seconds`,
  (r, n) => `A session file of ${n} turns replays in under ${r.int(2, 900)} ms ${r.pick(CONDITIONS)}`,
  (r, n) => `The ${r.pick(COMPONENTS)} retries a failed call ${r.int(2, 9)} times with a base delay of ${n} ms`,
  (r, n) => `Compaction reclaims about ${r.int(11, 95)} percent of the space once ${n} segments have been written`,
  (r, n) => `Each tool call adds roughly ${n} tokens of overhead to the context window`,
  (r, n) => `The ${r.pick(COMPONENTS)} was introduced in ${r.int(1995, 2025)} and rewritten ${n % 7 + 2} years later`,
  (r, n) => `Reading ${n} MB through the page cache is ${r.int(2, 40)} times faster than reading it with direct I/O ${r.pick(CONDITIONS)}`,
];
// Claims that carry inline code inside the directive label.
const CODE_CLAIM_TEMPLATES = [
  (r, n) => [`Calling `, { code: r.pick(['fsync', 'fdatasync', 'msync']) }, ` after every ${n} appends keeps the ${r.pick(COMPONENTS)} durable across power loss`],
  (r, n) => [`The `, { code: r.pick(['maxRetries', 'flushInterval', 'batchSize', 'highWaterMark']) }, ` default of ${n} is too small for ${r.pick(MACHINES)}`],
  (r, n) => [`With `, { code: r.pick(['O_DIRECT', 'O_DSYNC', 'MAP_POPULATE']) }, ` set, a ${n} KiB write completes in ${r.int(2, 900)} microseconds`],
];

const RATIONALES = {
  supported: [
    'Two independent measurements agree with the figure in the prose.',
    'The cited benchmark reports this on comparable hardware, and the notebook run reproduces it.',
    'The documentation states it for the default configuration, which is what the chapter describes.',
  ],
  qualified: [
    'The documentation states it, but only for the default configuration; the prose should say so.',
    'The figure holds with a warm cache only; cold starts are several times slower.',
  ],
  contradicted: [
    'A reproduction on the reference laptop shows a different figure.',
    'The release notes of the current version changed this default.',
  ],
};

const SOURCE_KINDS = [
  { venue: 'USENIX ATC', publisher: 'USENIX Association', id: 'doi' },
  { venue: 'SOSP', publisher: 'ACM', id: 'doi' },
  { venue: 'arXiv', publisher: 'Cornell University', id: 'arxiv' },
  { venue: 'VLDB', publisher: 'VLDB Endowment', id: 'doi' },
  { venue: 'Project documentation', publisher: 'The maintainers', id: 'none' },
  { venue: 'Engineering blog', publisher: 'Example Corp', id: 'none' },
  { venue: 'OReilly Media', publisher: 'OReilly Media', id: 'isbn' },
];
const SURNAMES = ['Lamport', 'Ousterhout', 'Gray', 'Stonebraker', 'Liskov', 'Dean', 'Ghemawat', 'Kleppmann', 'Bailis', 'Hellerstein', 'Chandra', 'Brewer', 'Vogels', 'Abadi', 'Pavlo', 'Zaharia'];
const INITIALS = ['A.', 'B.', 'C.', 'D.', 'E.', 'J.', 'K.', 'L.', 'M.', 'P.', 'R.', 'S.'];

// ---------------------------------------------------------------------------
// Inline and block builders. Every piece carries its Markdown (`md`), the
// same without claim directives (`plain`) and its text as it reads (`text`).

const STOP_WORDS = new Set(['with', 'after', 'every', 'than', 'that', 'once', 'about', 'before', 'under', 'most', 'times', 'each', 'from']);

const piece = (md, text = md, plain = md) => ({ md, text, plain });

function sentence(r, { markup = true } = {}) {
  const parts = [];
  if (r.chance(0.3)) parts.push(piece(r.pick(CONNECTIVES)));
  const subject = r.pick(SUBJECTS);
  parts.push(piece(parts.length === 0 ? capitalize(subject) : subject));
  parts.push(piece(r.pick(VERBS)));
  const object = r.pick(OBJECTS);
  if (markup && r.chance(0.18)) parts.push(piece(`*${object}*`, object));
  else if (markup && r.chance(0.06)) parts.push(piece(`**${object}**`, object));
  else parts.push(piece(object));
  parts.push(piece(r.pick(ADVERBIALS)));
  if (markup && r.chance(0.22)) {
    const code = r.pick(CODE_WORDS);
    parts.push(piece(`through \`${code}\``, `through ${code}`));
  }
  if (markup && r.chance(0.12)) {
    const text = r.pick(LINK_TEXTS);
    const url = `${r.pick(LINK_HOSTS)}/${r.pick(['notes', 'docs', 'papers', 'posts'])}/${r.int(100, 9999)}`;
    parts.push(piece(`as described in [${text}](${url})`, `as described in ${text}`));
  }
  return joinPieces(parts, ' ', '.');
}

function joinPieces(parts, separator, end = '') {
  return piece(
    parts.map((p) => p.md).join(separator) + end,
    parts.map((p) => p.text).join(separator) + end,
    parts.map((p) => p.plain).join(separator) + end,
  );
}

function paragraph(r, sentences = r.int(3, 6)) {
  const list = [];
  for (let i = 0; i < sentences; i += 1) list.push(r.chance(0.12) ? piece(r.pick(OPINIONS)) : sentence(r));
  return { kind: 'paragraph', sentences: list };
}

function heading(r, depth) {
  const text = depth === 2 ? `${r.pick(HEADING_WORDS)} and ${r.pick(HEADING_WORDS).toLowerCase()}` : r.pick(HEADING_WORDS);
  return { kind: 'block', ...piece(`${'#'.repeat(depth)} ${text}`, text) };
}

function list(r) {
  const ordered = r.chance(0.35);
  const items = [];
  const count = r.int(3, 6);
  for (let i = 0; i < count; i += 1) {
    const s = sentence(r);
    items.push(piece(`${ordered ? `${i + 1}.` : '-'} ${s.md}`, s.text, `${ordered ? `${i + 1}.` : '-'} ${s.plain}`));
  }
  return { kind: 'block', ...joinPieces(items, '\n') };
}

function table(r) {
  const columns = r.int(3, 4);
  const headers = ['Component', 'Setting', 'Default', 'Effect'].slice(0, columns);
  const rows = [];
  const rowCount = r.int(3, 6);
  for (let i = 0; i < rowCount; i += 1) {
    const cells = [r.pick(COMPONENTS), `\`${r.pick(CODE_WORDS)}\``, `${r.int(1, 4096)}`, r.pick(ADVERBIALS)].slice(0, columns);
    rows.push(cells);
  }
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const md = [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
  const text = [headers, ...rows].map((cells) => cells.map((c) => c.replaceAll('`', '')).join(' ')).join('\n');
  return { kind: 'block', ...piece(md, text) };
}

function codeFence(r) {
  const lang = r.pick(LANGS);
  const lines = [];
  const count = r.int(8, 24);
  for (let i = 0; i < count; i += 1) lines.push(codeLine(r, lang, i));
  const body = lines.join('\n');
  return { kind: 'block', ...piece(`\`\`\`${lang}\n${body}\n\`\`\``, body) };
}

function codeLine(r, lang, i) {
  const name = r.pick(['entry', 'session', 'batch', 'segment', 'record', 'cursor', 'token', 'result', 'handle']);
  const n = r.int(0, 4096);
  switch (lang) {
    case 'ts':
      return r.pick([
        `const ${name}${i} = await store.read(${n});`,
        `if (${name}.size > ${n}) { await flush(${name}); }`,
        `export function ${name}Key(id: string): string { return \`${name}:\${id}\`; }`,
        `for (const item of ${name}s) queue.push({ id: item.id, at: Date.now() });`,
        `// ${r.pick(ADVERBIALS)}`,
      ]);
    case 'js':
      return r.pick([
        `const ${name} = JSON.parse(line);`,
        `await fs.promises.appendFile(path, JSON.stringify(${name}) + '\\n');`,
        `if (!${name}) throw new Error('missing ${name} ${n}');`,
        `setTimeout(() => controller.abort(), ${n});`,
        `// ${r.pick(ADVERBIALS)}`,
      ]);
    case 'json':
      return i === 0 ? '{' : `  "${name}${i}": ${n},`;
    case 'bash':
      return r.pick([`$ du -sh data/${name}s`, `$ strace -c -p $(pgrep worker) 2>&1 | head -${n % 40}`, `$ hyperfine 'node bench.js --n ${n}'`, `# ${r.pick(ADVERBIALS)}`]);
    case 'python':
      return r.pick([`${name} = load(path, limit=${n})`, `for ${name} in ${name}s:`, `    total += len(${name})`, `print(f"{total} ${name}s")`, `# ${r.pick(ADVERBIALS)}`]);
    case 'yaml':
      return `${name}${i}: ${r.pick([n, `"${r.pick(CODE_WORDS)}"`, 'true', 'false'])}`;
    default:
      return r.pick([`let ${name} = reader.next()?;`, `${name}.flush()?;`, `if ${name}.len() > ${n} { return Err(Error::Full); }`, `// ${r.pick(ADVERBIALS)}`]);
  }
}

function blockquote(r) {
  const s = sentence(r, { markup: false });
  return { kind: 'block', ...piece(`> ${s.md}`, s.text) };
}

function capitalize(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slugify(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The claim text hash: first 16 hex of sha256 of the normalized text. */
export function textHash(text) {
  const normalized = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 16);
}

// ---------------------------------------------------------------------------
// A chapter

function renderBlocks(blocks) {
  const out = { md: [], plain: [], text: [] };
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      const p = joinPieces(block.sentences, ' ');
      out.md.push(p.md);
      out.plain.push(p.plain);
      out.text.push(p.text);
    } else {
      out.md.push(block.md);
      out.plain.push(block.plain);
      out.text.push(block.text);
    }
  }
  return { md: out.md.join('\n\n'), plain: out.plain.join('\n\n'), text: out.text.join('\n\n') };
}

function chapterBody(r, targetBytes) {
  const blocks = [];
  blocks.push(paragraph(r), paragraph(r));
  let size = 0;
  let sections = 0;
  while (size < targetBytes) {
    blocks.push(heading(r, sections > 0 && r.chance(0.35) ? 3 : 2));
    sections += 1;
    const count = r.int(2, 5);
    for (let i = 0; i < count; i += 1) {
      blocks.push(paragraph(r));
      const roll = r.next();
      if (roll < 0.16) blocks.push(list(r));
      else if (roll < 0.26) blocks.push(codeFence(r));
      else if (roll < 0.32) blocks.push(table(r));
      else if (roll < 0.35) blocks.push(blockquote(r));
      size += 900;
    }
    size = renderBlocks(blocks).md.length;
  }
  return blocks;
}

/**
 * Place `count` claims into the chapter's paragraphs.
 * @returns the claim records (id, kind, text, quote).
 */
function placeClaims(r, blocks, count, { directiveShare = 0.6 } = {}) {
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph');
  const chosen = r.shuffle(paragraphs).slice(0, Math.min(count, paragraphs.length));
  const claims = [];
  const used = new Set();
  const usedIds = new Set();
  for (const [index, block] of chosen.entries()) {
    let text;
    let parts;
    const directive = r.chance(directiveShare);
    do {
      const n = r.int(3, 9999);
      if (directive && r.chance(0.25)) {
        parts = r.pick(CODE_CLAIM_TEMPLATES)(r, n);
        text = parts.map((p) => (typeof p === 'string' ? p : p.code)).join('');
      } else {
        text = r.pick(CLAIM_TEMPLATES)(r, n);
        parts = [text];
      }
    } while (used.has(text));
    used.add(text);
    const words = text.toLowerCase().split(/[^a-z]+/).filter((word) => word.length > 3 && !STOP_WORDS.has(word));
    let id = `${words.slice(0, 3).join('-')}-${String(index + 1).padStart(2, '0')}`;
    while (usedIds.has(id)) id = `${id}-x`;
    usedIds.add(id);
    const inner = parts.map((p) => (typeof p === 'string' ? p : `\`${p.code}\``)).join('');
    const sentencePiece = directive
      ? piece(`:claim[${inner}]{#${id}}.`, `${text}.`, `${inner}.`)
      : piece(`${text}.`);
    const at = r.int(0, block.sentences.length);
    block.sentences.splice(at, 0, sentencePiece);
    claims.push({ id, kind: directive ? 'directive' : 'quote', text });
  }
  return claims;
}

function countOccurrences(haystack, needle) {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count += 1;
  return count;
}

function isoDate(r, from, to) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const day = 86_400_000;
  return new Date(start + Math.floor(r.next() * ((end - start) / day + 1)) * day).toISOString().slice(0, 10);
}

/**
 * Generate one chapter: its MDX (with and without directives) and sidecars.
 * @param options.seed PRNG seed, @param options.number chapter number,
 * @param options.book book slug, @param options.targetBytes prose size.
 */
export function generateChapter({ seed, number, book, targetBytes = 16_800, claimCount }) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const r = createRandom(seed + attempt * 7919);
    const title = `${r.pick(TITLE_WORDS)} ${r.pick(['in Practice', 'Under Load', 'from First Principles', 'and Their Limits', 'Revisited', 'for Agents'])}`;
    const slug = `${String(number).padStart(4, '0')}-${slugify(title)}`;
    const blocks = chapterBody(r, targetBytes);
    const claims = placeClaims(r, blocks, claimCount ?? r.int(18, 22));
    const body = renderBlocks(blocks);
    // Every claim's text must occur exactly once in what the chapter reads as.
    if (claims.some((claim) => countOccurrences(body.text, claim.text) !== 1)) continue;
    const summary = `${capitalize(r.pick(SUBJECTS))} ${r.pick(VERBS)} ${r.pick(OBJECTS)} ${r.pick(ADVERBIALS)}.`;
    const frontmatter = `---\ntitle: ${JSON.stringify(title)}\nnumber: ${number}\nsummary: ${JSON.stringify(summary)}\n---\n\n`;
    const sidecars = chapterSidecars(r, { book, slug, claims });
    return {
      slug,
      title,
      mdx: `${frontmatter}${body.md}\n`,
      plain: `${frontmatter}${body.plain}\n`,
      text: body.text,
      claims,
      ...sidecars,
    };
  }
  throw new Error(`could not generate chapter ${number} with unique claim texts`);
}

function chapterSidecars(r, { book, slug, claims }) {
  const short = slug.slice(0, 40).replace(/-+$/, '');
  // Notebooks and their runs: reproduced evidence points at a passed run.
  const runs = [];
  const notebooks = [];
  const notebookCount = r.int(1, 2);
  for (let i = 0; i < notebookCount; i += 1) {
    const nbRuns = [];
    const runCount = r.int(1, 3);
    for (let j = 0; j < runCount; j += 1) {
      const run = {
        id: `run-${short}-${i + 1}-${j + 1}`,
        date: isoDate(r, '2025-06-01', '2026-06-30'),
        outcome: j === runCount - 1 ? 'passed' : r.pick(['passed', 'failed', 'partial']),
        environment: `Python 3.${r.int(10, 13)}, ${r.pick(['2 vCPU', '8 vCPU', 'T4 GPU', 'M2 laptop'])}`,
        by: r.pick(['author', 'CI', 'research agent']),
      };
      if (r.chance(0.4)) run.notes = `Printed ${r.int(3, 900)} rows and a latency histogram.`;
      nbRuns.push(run);
    }
    runs.push(...nbRuns.filter((run) => run.outcome === 'passed'));
    notebooks.push({
      path: `notebooks/${book}/${slug}-${i + 1}.ipynb`,
      title: `${capitalize(r.pick(COMPONENTS))} measurements`,
      published: r.chance(0.8),
      runs: nbRuns,
    });
  }

  // Source ledger: full-text sources back validated evidence.
  const sources = [];
  const sourceCount = r.int(6, 10);
  for (let i = 0; i < sourceCount; i += 1) {
    const kind = r.pick(SOURCE_KINDS);
    const id = `src-${slugify(r.pick(SURNAMES))}-${i + 1}`;
    const published = `${r.int(1998, 2025)}${r.chance(0.6) ? `-${String(r.int(1, 12)).padStart(2, '0')}` : ''}`;
    const source = {
      id,
      title: `${r.pick(TITLE_WORDS)}: ${r.pick(['A Study', 'Lessons Learned', 'Design and Evaluation', 'A Practical Guide', 'Measurements at Scale'])}`,
      authors: Array.from({ length: r.int(1, 4) }, () => `${r.pick(INITIALS)} ${r.pick(SURNAMES)}`),
      venue: kind.venue,
      publisher: kind.publisher,
      published,
      identifiers: {},
      url: `${r.pick(LINK_HOSTS)}/papers/${slugify(kind.venue)}/${r.int(1000, 99999)}`,
      reading: i < 4 ? 'full-text' : r.pick(['full-text', 'abstract-only', 'not-accessible']),
      accessed: isoDate(r, '2025-01-01', '2025-12-31'),
    };
    if (kind.id === 'doi') source.identifiers.doi = `10.${r.int(1000, 99999)}/${slugify(kind.venue)}.${r.int(1000, 999999)}`;
    if (kind.id === 'arxiv') source.identifiers.arxiv = `${r.int(15, 25)}${String(r.int(1, 12)).padStart(2, '0')}.${r.int(10000, 99999)}v${r.int(1, 4)}`;
    if (kind.id === 'isbn') source.identifiers.isbn = `978-1-${r.int(10000, 99999)}-${r.int(100, 999)}-${r.int(0, 9)}`;
    if (r.chance(0.5)) source.archiveUrl = `https://web.archive.org/web/2025/${source.url}`;
    if (r.chance(0.7)) source.verified = isoDate(r, '2026-01-01', '2026-03-31');
    if (r.chance(0.4)) source.limitations = `Measured on ${r.pick(MACHINES)} only; results may not transfer.`;
    sources.push(source);
  }
  const fullText = sources.filter((source) => source.reading === 'full-text');

  // Claims with verdicts, and the evidence that backs them.
  const claimRecords = [];
  const evidence = [];
  let evidenceIndex = 0;
  const relationFor = { supported: 'supports', qualified: 'qualifies', contradicted: 'contradicts' };
  for (const claim of claims) {
    const roll = r.next();
    const status = roll < 0.5 ? 'supported' : roll < 0.65 ? 'qualified' : roll < 0.75 ? 'contradicted' : 'unverified';
    const verdictDate = isoDate(r, '2026-07-01', '2026-10-15');
    const record = {
      id: claim.id,
      anchor: claim.kind === 'directive' ? 'directive' : { quote: claim.text },
      verdict: { status },
      priority: r.pick(['high', 'medium', 'medium', 'low']),
    };
    if (status !== 'unverified') {
      record.verdict.date = verdictDate;
      record.verdict.rationale = r.pick(RATIONALES[status]);
      record.verdict.textHash = textHash(claim.text);
      const reproduced = r.chance(0.2) && runs.length > 0;
      const item = {
        id: `ev-${String(++evidenceIndex).padStart(3, '0')}`,
        source: r.pick(fullText).id,
        claims: [claim.id],
        relation: relationFor[status],
        class: reproduced ? 'reproduced' : r.pick(['reported', 'reported', 'background']),
        status: 'validated',
        locator: r.pick([`Section ${r.int(1, 9)}.${r.int(1, 9)}`, `p. ${r.int(1, 400)}`, `Table ${r.int(1, 12)}`, `Figure ${r.int(1, 12)}`]),
        note: `${r.pick(['Reports', 'Measures', 'Shows'])} the figure ${r.pick(CONDITIONS)} on ${r.pick(MACHINES)}.`,
        recorded: isoDate(r, '2025-10-01', '2026-06-30'),
      };
      if (reproduced) {
        const run = r.pick(runs);
        item.run = run.id;
        if (item.recorded < run.date) item.recorded = run.date;
      }
      evidence.push(item);
    }
    if (r.chance(0.35)) {
      evidence.push({
        id: `ev-${String(++evidenceIndex).padStart(3, '0')}`,
        source: r.pick(sources).id,
        claims: [claim.id],
        relation: status === 'unverified' ? r.pick(['supports', 'unresolved']) : relationFor[status],
        class: r.pick(['reported', 'hypothesis', 'proposed-experiment']),
        status: 'lead',
        note: 'Found by a research pass; not yet checked against the source.',
        recorded: isoDate(r, '2026-06-01', '2026-10-30'),
      });
    }
    if (r.chance(0.3)) record.concern = `The figure depends on ${r.pick(CONDITIONS).replace(/^with |^under |^after |^on /, '')}.`;
    if (r.chance(0.3)) record.response = r.pick(['clarification', 'correction', 'citation', 'new-experiment']);
    claimRecords.push(record);
  }

  const references = fullText.slice(0, 4).map((source, i) => ({
    id: `ref-${i + 1}`,
    citation: `${source.authors.join(', ')}. ${source.title}. ${source.venue}, ${source.published.slice(0, 4)}.`,
    url: source.url,
    source: source.id,
  }));
  const history = [];
  const passes = r.int(0, 2);
  for (let i = 0; i < passes; i += 1) {
    history.push({
      date: isoDate(r, i === 0 ? '2026-03-01' : '2026-08-01', i === 0 ? '2026-06-30' : '2026-10-30'),
      by: r.pick(['author', 'research agent (model x-1)', 'technical reviewer']),
      summary: `Reviewed ${r.int(5, 22)} claims; ${r.int(0, 6)} need new measurements.`,
      counts: { claims: r.int(5, 22), sources: r.int(0, 6), leads: r.int(0, 8) },
    });
  }
  const research = {
    objective: `Decide whether the figures in this chapter still hold on current hardware and releases.`,
    questions: [
      `Does the ${r.pick(COMPONENTS)} behave the same ${r.pick(CONDITIONS)}?`,
      `Which of the cited measurements were taken on ${r.pick(MACHINES)}?`,
      `Is there a primary source for the ${r.pick(COMPONENTS)} defaults?`,
    ],
    references,
    notebooks,
    history,
  };
  return { claimsFile: { claims: claimRecords }, evidenceFile: { sources, evidence }, researchFile: research };
}

// ---------------------------------------------------------------------------
// YAML: a small emitter for the plain shapes above, written the way the demo
// book's sidecars are: plain scalars where YAML reads them back as the same
// string, `>-` folded blocks for long prose, double quotes otherwise.

const PLAIN = /^[A-Za-z][A-Za-z0-9 ,;.()/_+-]*$/;
const URL_PLAIN = /^https?:\/\/[A-Za-z0-9./_%+-]+(:\/\/[A-Za-z0-9./_%+-]+)?$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;
const FOLD_AT = 76;

function scalar(value, indent) {
  if (typeof value !== 'string') return ` ${String(value)}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) || URL_PLAIN.test(value)) return ` ${value}`;
  if (/^[0-9a-f]{16}$/.test(value) && /[a-f]/.test(value) && !/^[0-9]+e[0-9]+$/.test(value)) return ` ${value}`;
  const plain = PLAIN.test(value) && !RESERVED.test(value) && !value.endsWith(' ') && !value.includes('  ');
  if (plain && value.length + indent.length <= FOLD_AT + 20) return ` ${value}`;
  if (value.length > 60 && !/\s\s|^\s|\s$|\n/.test(value)) {
    // Folded: lines joined by single spaces when read back.
    const lines = [];
    let line = '';
    for (const word of value.split(' ')) {
      if (line && line.length + 1 + word.length > FOLD_AT - indent.length) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
    return ` >-${lines.map((text) => `\n${indent}${text}`).join('')}`;
  }
  return ` ${JSON.stringify(value)}`;
}

function toYaml(value, indent = '') {
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return value
      .map((item) => {
        if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
          const inner = toYaml(item, `${indent}  `).replace(/^\n\s*/, '');
          return `\n${indent}- ${inner}`;
        }
        return `\n${indent}-${scalar(item, `${indent}  `)}`;
      })
      .join('');
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return ' {}';
    return entries.map(([key, item]) => `\n${indent}${key}:${toYaml(item, `${indent}  `)}`).join('');
  }
  return scalar(value, indent);
}

/** Serialize a plain object as a YAML document. */
export function yamlDocument(value, comment) {
  const header = comment ? `${comment.split('\n').map((line) => (line ? `# ${line}` : '#')).join('\n')}\n\n` : '';
  return `${header}${toYaml(value).replace(/^\n/, '')}\n`;
}

// ---------------------------------------------------------------------------
// A book

/**
 * Write a generated book under `<dir>/content/books/`.
 * @param options.dir project root, @param options.chapters chapter count,
 * @param options.plain write the floor variant (no directives, no sidecars),
 * @param options.perBook chapters per book.
 * @returns stats: files, bytes of chapter MDX, claims.
 */
export function generateBook({ dir, chapters = 300, plain = false, seed = DEFAULT_SEED, perBook = 50 }) {
  const booksDir = path.join(dir, 'content', 'books');
  rmSync(booksDir, { recursive: true, force: true });
  const stats = { chapters: 0, books: 0, bytes: 0, claims: 0, directiveClaims: 0, quoteClaims: 0, sources: 0, evidence: 0, files: [] };
  const bookCount = Math.ceil(chapters / perBook);
  for (let b = 0; b < bookCount; b += 1) {
    const slug = `bench-book-${b + 1}`;
    const bookDir = path.join(booksDir, slug);
    mkdirSync(bookDir, { recursive: true });
    stats.books += 1;
    if (!plain) {
      writeFileSync(
        path.join(bookDir, 'book.yaml'),
        yamlDocument({
          title: `Systems Notes, Volume ${b + 1}`,
          slug,
          description: 'A synthetic technical book generated for the Research Pack benchmark.',
          notebooks: { github: 'example/systems-notes', branch: 'main' },
          reviewAfterDays: 365,
        }, 'A synthetic book generated by bench/generate.mjs.'),
      );
    }
    const inBook = Math.min(perBook, chapters - b * perBook);
    for (let c = 0; c < inBook; c += 1) {
      const number = b * perBook + c + 1;
      const chapter = generateChapter({ seed: seed + number * 104729, number, book: slug });
      const file = path.join(bookDir, `${chapter.slug}.mdx`);
      const source = plain ? chapter.plain : chapter.mdx;
      writeFileSync(file, source);
      stats.files.push(file);
      stats.chapters += 1;
      stats.bytes += Buffer.byteLength(source);
      stats.claims += chapter.claims.length;
      stats.directiveClaims += chapter.claims.filter((claim) => claim.kind === 'directive').length;
      stats.quoteClaims += chapter.claims.filter((claim) => claim.kind === 'quote').length;
      stats.sources += chapter.evidenceFile.sources.length;
      stats.evidence += chapter.evidenceFile.evidence.length;
      if (!plain) {
        const base = path.join(bookDir, chapter.slug);
        const about = `chapter ${number}, "${chapter.title}"`;
        writeFileSync(`${base}.claims.yaml`, yamlDocument(chapter.claimsFile, `Claims of ${about}.\nGenerated by bench/generate.mjs: textHash is the first 16 hex characters of\nthe sha256 of the claim text (NFC, whitespace collapsed, trimmed).`));
        writeFileSync(`${base}.evidence.yaml`, yamlDocument(chapter.evidenceFile, `Evidence for ${about}: the source ledger and the evidence items.`));
        writeFileSync(`${base}.research.yaml`, yamlDocument(chapter.researchFile, `Research record of ${about}.`));
      }
    }
  }
  return stats;
}

/**
 * One long chapter (about `words` words) with `quotes` quote-anchored claims,
 * for the anchoring benchmark.
 * @returns { source, claims } where claims are sidecar claim records.
 */
export function generateLongChapter({ words = 30_000, quotes = 20, seed = DEFAULT_SEED + 1 } = {}) {
  // About 7 bytes per word in this prose, markup included.
  const chapter = generateChapter({ seed, number: 1, book: 'long', targetBytes: words * 7, claimCount: quotes });
  const claims = chapter.claims.map((claim) => ({
    id: claim.id,
    anchor: { quote: claim.text },
    verdict: { status: 'supported', date: '2026-10-01', rationale: 'Benchmark claim.', textHash: textHash(claim.text) },
    priority: 'medium',
    response: 'no-change',
  }));
  // Quote anchors only: strip directives from the prose.
  return { source: chapter.plain, text: chapter.text, claims, words: chapter.text.split(/\s+/).length };
}

// ---------------------------------------------------------------------------
// CLI

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    options: {
      chapters: { type: 'string', default: process.env.BENCH_CHAPTERS ?? '300' },
      plain: { type: 'boolean', default: false },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'per-book': { type: 'string', default: '50' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error('usage: node bench/generate.mjs <dir> [--chapters N] [--plain] [--seed N] [--per-book N]');
    process.exit(2);
  }
  const started = performance.now();
  const stats = generateBook({
    dir: path.resolve(positionals[0]),
    chapters: Number(values.chapters),
    plain: values.plain,
    seed: Number(values.seed),
    perBook: Number(values['per-book']),
  });
  const { files, ...rest } = stats;
  console.log(JSON.stringify({ ...rest, ms: Math.round(performance.now() - started) }));
}
