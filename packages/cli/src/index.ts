export { main } from './cli.js';
export { EXIT, CliError, type Io } from './io.js';
