/**
 * A one-line progress bar on stderr while a refresh runs, only on a
 * terminal and never in CI (`CI` set): a log gets the summary, not a
 * thousand carriage returns.
 */
import type { Io } from '../io.js';
import type { Progress } from './refresh.js';

const WIDTH = 24;
/** Redraw at most this often, in milliseconds. */
const EVERY = 100;

/**
 * A progress bar for a terminal, or nothing.
 * @param io the streams and environment (`tty`: stderr is a terminal).
 * @param clock milliseconds, for throttling.
 * @returns `update` for `runRefresh`, and `end` to clear the line.
 */
export function progressBar(io: Io, clock: () => number = () => performance.now()): { update: Progress; end: () => void } {
  const enabled = io.tty === true && !io.env.CI;
  let last = -Infinity;
  let drawn = false;
  return {
    update: (done, total, label) => {
      if (!enabled || (done < total && clock() - last < EVERY)) return;
      last = clock();
      const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
      const text = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
      io.stderr(`\r\u001b[2K${text.length > 100 ? `${text.slice(0, 99)}…` : text}`);
      drawn = true;
    },
    end: () => {
      if (drawn) io.stderr('\r\u001b[2K');
      drawn = false;
    },
  };
}
