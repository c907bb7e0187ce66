/** Formats benchmark results and appends them to bench/RESULTS.md with date and machine. */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Measurement } from './harness.ts';

export interface ScenarioReport {
  scenario: string;
  description: string;
  rows: Measurement[];
  /** Extra figures and target verdicts, one line each. */
  notes: string[];
}

const RESULTS = join(import.meta.dirname, 'RESULTS.md');

export function ratio(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : 'n/a';
}

export function verdict(label: string, met: boolean, detail: string): string {
  return `${met ? 'MET' : 'NOT MET'}: ${label} (${detail})`;
}

export function renderTable(report: ScenarioReport): string {
  const withP95 = report.rows.some((r) => r.p95 !== undefined);
  const header = withP95
    ? '| measured | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | errors | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|---:|'
    : '| measured | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|';
  const body = report.rows
    .map(
      (r) =>
        `| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${withP95 ? `${r.p95 ?? '–'} | ` : ''}${r.p97_5} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    )
    .join('\n');
  const notes = report.notes.map((note) => `- ${note}`).join('\n');
  return `### ${report.scenario}\n${report.description}\n\n${header}\n${body}\n${notes ? `\n${notes}\n` : ''}`;
}

export function machineNote(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

export function appendResults(reports: ScenarioReport[]): void {
  if (!existsSync(RESULTS)) {
    writeFileSync(
      RESULTS,
      '# Benchmark results\n\nAppended by `npm run bench`. Each run starts the app and a bare Fastify ceiling server as separate processes on loopback and drives both with autocannon in the same run.\n',
    );
  }
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const sections = reports.map(renderTable).join('\n');
  appendFileSync(RESULTS, `\n## ${when} UTC — ${machineNote()}\n\n${sections}`);
}
