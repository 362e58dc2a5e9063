#!/usr/bin/env node
import module from 'node:module';

// Node's compile cache keeps the compiled code of our modules between runs
// (in the system's temporary folder, keyed by each file's content), so that
// a command does not compile them again every time: --help took 0.31 s
// without it and 0.21 s with it. As Astro's command line does, it is left
// off in CI, where the cache is written once and never read.
if (!process.env.CI) {
  try {
    module.enableCompileCache?.();
  } catch {
    // Without it the modules are compiled as usual.
  }
}

// `research-pack check` checks the chapters of a large project on worker
// threads. Start them first, so that they load their modules (and the
// chapter parser) while this thread loads its own; a small project stops
// them unused. `RESEARCH_PACK_THREADS=1` starts none.
if (process.argv[2] === 'check') {
  const { prestartChapterWorkers } = await import('@research-pack/core/workers');
  prestartChapterWorkers({ parser: { url: import.meta.resolve('@research-pack/markdown/parse'), name: 'parseChapter' } });
}

const { main } = await import('../dist/cli.js');
const { isatty } = await import('node:tty');

// `research-pack status | head`: a closed pipe ends the output, not the
// program. The command still runs to its end (`ingest --write | head -1`
// still writes), and exits with its own code; what it prints after the pipe
// closed goes nowhere.
let stdoutClosed = false;
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutClosed = true;
});

const code = await main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => {
    if (!stdoutClosed) process.stdout.write(text);
  },
  stderr: (text) => process.stderr.write(text),
  tty: process.stderr.isTTY === true,
  // Opened only when a command reads it (review --interactive).
  get stdin() {
    return process.stdin;
  },
  stdinTty: isatty(0),
});
process.exitCode = code;
