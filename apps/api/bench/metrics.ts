import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { DatabaseSettings } from '../src/infra/config/database-url';

/** The sum of the samples of the API's Prometheus metrics (GET /metrics) whose lines match `pattern`. */
export async function metricValue(base: string, pattern: RegExp): Promise<number> {
  return (await metricValues(base, [pattern]))[0];
}

/**
 * metricValue of each pattern, from one scrape: some gauges cover the time since the last scrape (prom-client's
 * event-loop delay), so reading them one scrape each would leave each only the moment since the one before.
 */
export async function metricValues(base: string, patterns: readonly RegExp[]): Promise<number[]> {
  const lines = (await (await fetch(`${base}/metrics`)).text()).split('\n');
  return patterns.map((pattern) => lines.filter((line) => pattern.test(line)).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0));
}

/**
 * The CPU seconds the database server on this machine (mariadbd, else mysqld) has used so far, read from /proc
 * (its user and system time): beside the API's CPU a search, what each search costs the database, a figure the
 * machine's load changes far less than latency does. Undefined when the database is on another machine or its
 * process is not found; SQLite's work is in the API's own process, so it has none.
 */
export function databaseServerCpu(settings: DatabaseSettings): (() => number) | undefined {
  if (settings.type !== 'mysql' || !['127.0.0.1', 'localhost', '::1'].includes(settings.host)) return undefined;
  let pid: string | undefined;
  for (const name of ['mariadbd', 'mysqld']) {
    try {
      pid = execFileSync('pgrep', ['-xo', name], { encoding: 'utf8' }).trim();
      if (pid) break;
    } catch {
      // not running under this name
    }
  }
  if (!pid) return undefined;
  let ticks = 100;
  try {
    ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    // Linux's usual USER_HZ
  }
  const stat = `/proc/${pid}/stat`;
  return () => {
    // After the command's closing parenthesis: state, then 11 fields, then utime and stime (fields 14 and 15).
    const text = readFileSync(stat, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  };
}
