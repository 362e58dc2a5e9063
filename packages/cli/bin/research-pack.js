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

const { runsOnOwnThread, runOnOwnThread } = await import('../dist/command-thread.js');
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

const argv = process.argv.slice(2);
const stdout = (text) => {
  if (!stdoutClosed) process.stdout.write(text);
};
const stderr = (text) => process.stderr.write(text);
const tty = process.stderr.isTTY === true;

// `ingest` and `check` run on a thread of their own, whose young generation
// is bounded (see dist/command-thread.js): they make millions of short-lived
// objects, and were 20 % slower with the main thread's. The others run here.
if (runsOnOwnThread(argv)) {
  process.exitCode = await runOnOwnThread(argv, { cwd: process.cwd(), env: process.env, tty, stdout, stderr });
} else {
  const { main } = await import('../dist/cli.js');
  process.exitCode = await main(argv, {
    cwd: process.cwd(),
    env: process.env,
    stdout,
    stderr,
    tty,
    // Opened only when a command reads it (review --interactive).
    get stdin() {
      return process.stdin;
    },
    stdinTty: isatty(0),
  });
}
