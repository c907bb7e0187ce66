/**
 * Benchmark plumbing: start the app and the ceiling server as child processes on loopback,
 * drive them with autocannon from this process, and report throughput and latency side by
 * side. Benchmarks measure; they never assert (the test suite has no timing assertions).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  p50: number;
  /** Only from timed loops (autocannon does not report it). */
  p95?: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Per-request variation (e.g. a different user per request). */
  requests?: autocannon.Request[];
  durationSeconds?: number;
  connections?: number;
}

const ROOT = join(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** USER_HZ: Linux reports process times in these ticks (100 on every common build). */
const CLOCK_TICKS_PER_SECOND = 100;

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'learnbase-bench-'));
}

function waitForReady(child: ChildProcess, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not become ready')), timeoutMs);
    child.on('message', (message: any) => {
      if (message?.ready) {
        clearTimeout(timer);
        resolve(message.ready);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}`));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** CPU time (user + system, ms) the server process has used so far; Linux only (else NaN). */
  cpuMillis(): number;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc, in milliseconds. */
function processCpuMillis(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Forks a bench script (path from the repository root) and waits for it to report its address. */
export async function startChild(script: string, env: Record<string, string>): Promise<RunningServer> {
  const child = fork(join(ROOT, script), [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await waitForReady(child);
  return {
    url,
    pid: child.pid ?? 0,
    cpuMillis: () => processCpuMillis(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the real application (API + worker) on a random loopback port. */
export function startApp(env: Record<string, string>): Promise<RunningServer> {
  return startChild('bench/app-server.ts', { LOG_LEVEL: 'warn', ...env });
}

export function startCeiling(bytesFile?: string): Promise<RunningServer> {
  return startChild('bench/ceiling-server.ts', bytesFile ? { CEILING_BYTES_FILE: bytesFile } : {});
}

export async function measure(label: string, options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
    duration: options.durationSeconds ?? DURATION,
    connections: options.connections ?? CONNECTIONS,
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A short warm-up so JIT and caches are hot before the measured run. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await autocannon({
    ...options,
    url: options.url,
    duration: 2,
    connections: options.connections ?? CONNECTIONS,
  });
}
