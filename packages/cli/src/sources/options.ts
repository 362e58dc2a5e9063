/**
 * The options of `research-pack sources refresh`, checked: ages, counts,
 * durations and endpoint URLs, each a usage error (exit 2) when malformed.
 */
import { stringOption, type Values } from '../args.js';
import { CliError } from '../io.js';
import { DEFAULT_ENDPOINTS, type Endpoints } from './client.js';

/** What the options ask for. */
export interface RefreshSettings {
  maxAge: number | undefined;
  offline: boolean;
  archives: boolean;
  endpoints: Endpoints;
  userAgent: string | undefined;
  timeout: number;
  retries: number;
  backoff: number;
  maxRetryAfter: number;
  perHost: number;
  concurrency: number;
  interval: number;
  maxBytes: number;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Read the refresh's options.
 * @param values parsed options.
 * @returns the settings; throws a usage error naming the option that is wrong.
 */
export function refreshSettings(values: Values): RefreshSettings {
  return {
    maxAge: age(stringOption(values, 'max-age')),
    offline: values.offline === true,
    archives: values['skip-archives'] !== true,
    endpoints: {
      doi: endpoint(values, 'doi-resolver', DEFAULT_ENDPOINTS.doi),
      arxiv: endpoint(values, 'arxiv-api', DEFAULT_ENDPOINTS.arxiv),
      timegate: endpoint(values, 'timegate', DEFAULT_ENDPOINTS.timegate),
    },
    userAgent: stringOption(values, 'user-agent'),
    timeout: number(values, 'timeout', 15, { min: 0.001, max: 600 }) * 1000,
    retries: number(values, 'retries', 2, { min: 0, max: 10, integer: true }),
    backoff: number(values, 'backoff', 1000, { min: 0, max: 600_000, integer: true }),
    maxRetryAfter: number(values, 'max-retry-after', 60, { min: 0, max: 3600 }) * 1000,
    perHost: number(values, 'per-host', 2, { min: 1, max: 64, integer: true }),
    concurrency: number(values, 'concurrency', 8, { min: 1, max: 256, integer: true }),
    interval: number(values, 'interval', 1000, { min: 0, max: 600_000, integer: true }),
    maxBytes: number(values, 'max-bytes', 10_000_000, { min: 1, max: 1_000_000_000, integer: true }),
  };
}

/** `--max-age`: a number and a unit (s, m, h, d, w); a bare number is days. */
function age(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)([smhdw]?)$/.exec(value.trim());
  if (!match) throw new CliError(`--max-age must be a number with a unit such as 30m, 12h, 7d or 2w, got "${value}"`);
  return Number(match[1]) * UNITS[match[2] || 'd']!;
}

function number(values: Values, name: string, fallback: number, range: { min: number; max: number; integer?: boolean }): number {
  const text = stringOption(values, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < range.min || value > range.max || (range.integer && !Number.isInteger(value))) {
    throw new CliError(`--${name} must be ${range.integer ? 'a whole number' : 'a number'} from ${range.min} to ${range.max}, got "${text}"`);
  }
  return value;
}

function endpoint(values: Values, name: string, fallback: string): string {
  const text = stringOption(values, name);
  if (text === undefined) return fallback;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new CliError(`--${name} must be an absolute http(s) URL, got "${text}"`);
  return text;
}
