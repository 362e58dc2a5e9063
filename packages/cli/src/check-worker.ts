/**
 * Worker of `research-pack check`: builds the model of some of the books and
 * posts back their problems. Books are independent, so splitting them across
 * threads gives the same problems as one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadProject, type ProjectOptions } from './project.js';

const { options, books } = workerData as { options: ProjectOptions; books: string[] };
const wanted = new Set(books);
parentPort?.postMessage(loadProject(options, (slug) => wanted.has(slug)).problems);
