#!/usr/bin/env node
/**
 * Summarize a V8 CPU profile (`node --cpu-prof`): the functions with the
 * most self time, and the total (inclusive) time under functions whose file
 * matches a filter.
 *
 *   node bench/profile-summary.mjs <file.cpuprofile> [--top 25] [--filter research-pack]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '25' }, filter: { type: 'string' }, inclusive: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N] [--filter text] [--inclusive]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node from samples and time deltas.
const selfUs = new Map();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  totalUs += delta;
});

const label = (node) => {
  const frame = node.callFrame;
  const url = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/').replace(/^\/work\/main\//, '');
  return `${url || '(native)'}:${frame.functionName || '(anonymous)'}`;
};

const self = new Map();
for (const [id, us] of selfUs) {
  const key = label(nodes.get(id));
  self.set(key, (self.get(key) ?? 0) + us);
}

// Inclusive time: each sample counts once for every distinct function on its stack.
const inclusive = new Map();
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  const seen = new Set();
  for (let current = id; current !== undefined; current = parent.get(current)) {
    const key = label(nodes.get(current));
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
  }
});

const top = Number(values.top);
const pct = (us) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
console.log(`total ${(totalUs / 1000).toFixed(0)} ms sampled\n`);
const table = values.inclusive ? inclusive : self;
console.log(values.inclusive ? 'inclusive time:' : 'self time:');
for (const [key, us] of [...table].filter(([key]) => !values.filter || key.includes(values.filter)).sort((x, y) => y[1] - x[1]).slice(0, top)) {
  console.log(`${pct(us)} ${ms(us)}  ${key}`);
}

