/**
 * Latency of requests sent one at a time, each timed on its own: the percentiles a
 * single user feels (including p95, which autocannon does not report), with no queueing
 * behind other connections.
 */
import type { Measurement } from './harness.ts';

export interface TimedRequest {
  url: string;
  headers?: Record<string, string>;
}

/** Nearest-rank percentile of ascending `sorted` values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export async function measureSequential(
  label: string,
  requests: TimedRequest[],
  check?: (body: unknown) => void,
): Promise<Measurement> {
  const durations: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  for (const request of requests) {
    const start = performance.now();
    try {
      const response = await fetch(request.url, { headers: request.headers });
      const body = await response.json();
      durations.push(performance.now() - start);
      if (!response.ok) non2xx++;
      else check?.(body);
    } catch {
      errors++;
    }
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    label,
    requestsPerSecond: Math.round(requests.length / elapsedSeconds),
    p50: round(percentile(durations, 50)),
    p95: round(percentile(durations, 95)),
    p97_5: round(percentile(durations, 97.5)),
    p99: round(percentile(durations, 99)),
    errors,
    non2xx,
  };
}
