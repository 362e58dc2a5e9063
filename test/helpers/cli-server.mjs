// A research-pack process that runs many commands: it loads the CLI once,
// then runs `main(argv, io)` for each JSON line on stdin and answers with
// one JSON line on stdout. Tests start several (as root and as an
// unprivileged user) to run a matrix of commands, or to race real writers,
// without paying for Node's start and the CLI's imports each time.
import { createInterface } from 'node:readline';

const { main } = await import(new URL('../../packages/cli/dist/cli.js', import.meta.url).href);
// The commands' modules, loaded before the first request so that writers start together.
await import(new URL('../../packages/cli/dist/commands/ingest.js', import.meta.url).href);
await import(new URL('../../packages/cli/dist/commands/check.js', import.meta.url).href);

const lines = createInterface({ input: process.stdin });
process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
for await (const line of lines) {
  const { id, argv, cwd, env } = JSON.parse(line);
  let stdout = '';
  let stderr = '';
  let code;
  let threw;
  try {
    code = await main(argv, { cwd, env: { ...process.env, ...env }, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  } catch (error) {
    threw = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  process.stdout.write(`${JSON.stringify({ id, code, stdout, stderr, threw, pid: process.pid })}\n`);
}
