/** The streams and environment a command runs with; tests pass their own. */
export interface Io {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (the refresh's progress bar); default false. */
  tty?: boolean;
  /** The wall clock (`sources refresh` records when it checked); default the system's. Tests pass their own. */
  now?: () => Date;
  /** Standard input, for `review --interactive`. */
  stdin?: NodeJS.ReadableStream;
  /** Whether standard input is a terminal; `review --interactive` needs one. Default false. */
  stdinTty?: boolean;
}

/** Exit codes, documented in the README. */
export const EXIT = {
  /** Success. */
  ok: 0,
  /** The book has problems (check), or the command could not do its job. */
  problems: 1,
  /** Bad arguments or an unknown command, book or chapter. */
  usage: 2,
  /** Ingest: the report was shown or written, but some of its rows were held back. */
  heldBack: 3,
} as const;

/** An error whose message is shown to the user as is, with an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
