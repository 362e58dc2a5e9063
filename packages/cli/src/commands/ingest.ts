import { CliError } from '../io.js';
import type { Command } from './types.js';

/** Placeholder until ingest lands. */
export const ingest: Command = () => {
  throw new CliError('not implemented yet');
};
