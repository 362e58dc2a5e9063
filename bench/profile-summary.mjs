#!/usr/bin/env node
/**
 * Summarize a V8 CPU profile (`node --cpu-prof`): the functions with the
 * most self time, and the total (inclusive) time under functions whose file
 * matches a filter.
 *
 *   node bench/profile-summary.mjs <file.cpuprofile> [--top 25] [--filter text] [--inclusive]
 *   node bench/profile-summary.mjs <b.cpuprofile> --base <a.cpuprofile> [--inclusive]
 *
 * With `--base`, prints the functions whose time grew the most from the base
 * profile to this one: where an integration's extra time goes.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    filter: { type: 'string' },
    inclusive: { type: 'boolean', default: false },
    base: { type: 'string' },
  },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N] [--filter text] [--inclusive]');
  process.exit(2);
}
function analyze(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    totalUs += delta;
    const key = label(nodes.get(id));
    self.set(key, (self.get(key) ?? 0) + delta);
    // Inclusive: each sample counts once for every distinct function on its stack.
    const seen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const name = label(nodes.get(current));
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  });
  return { self, inclusive, totalUs };
}

function label(node) {
  const frame = node.callFrame;
  const url = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'node_modules/')
    .replace(/^.*\/dist\/\.prerender\//, '<site>/.prerender/')
    .replace(/^\/work\/main\//, '');
  return `${url || '(native)'}:${frame.functionName || '(anonymous)'}`;
}

const current = analyze(positionals[0]);
const { totalUs } = current;
const top = Number(values.top);
const pct = (us, total = totalUs) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
const pick = (analysis) => (values.inclusive ? analysis.inclusive : analysis.self);
const keep = ([key]) => !values.filter || key.includes(values.filter);
console.log(`total ${(totalUs / 1000).toFixed(0)} ms sampled\n`);
if (values.base) {
  const base = analyze(values.base);
  console.log(`base total ${(base.totalUs / 1000).toFixed(0)} ms sampled; growth ${ms(totalUs - base.totalUs).trim()}\n`);
  console.log(`${values.inclusive ? 'inclusive' : 'self'} time grown most over the base (share of this profile's total):`);
  const before = pick(base);
  const grown = [...pick(current)].map(([key, us]) => [key, us - (before.get(key) ?? 0)]);
  for (const [key, us] of grown.filter(keep).sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(us)} ${ms(us)}  ${key}`);
} else {
  console.log(values.inclusive ? 'inclusive time:' : 'self time:');
  for (const [key, us] of [...pick(current)].filter(keep).sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(us)} ${ms(us)}  ${key}`);
}
