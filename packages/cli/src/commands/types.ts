import type { Values } from '../args.js';
import type { Io } from '../io.js';

/** A command: positionals and parsed options in, exit code out. */
export type Command = (positionals: string[], values: Values, io: Io) => Promise<number> | number;
