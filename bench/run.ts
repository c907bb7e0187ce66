/**
 * `npm run bench [scenario...]`: runs the named scenarios (default: every scenario that is
 * not on-demand), prints the tables and appends them to bench/RESULTS.md.
 * BENCH_DURATION (seconds per measurement) and BENCH_CONNECTIONS tune the load.
 */
import { appendResults, renderTable, type ScenarioReport } from './report.ts';
import { scenarios } from './scenarios/index.ts';

const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = names.filter((name) => !scenarios.some((s) => s.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown scenario(s): ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected =
  names.length > 0 ? scenarios.filter((s) => names.includes(s.name)) : scenarios.filter((s) => !s.onDemand);

const reports: ScenarioReport[] = [];
for (const scenario of selected) {
  process.stdout.write(`\n▶ ${scenario.name}: ${scenario.description}\n`);
  const report = await scenario.run();
  reports.push(report);
  process.stdout.write(`${renderTable(report)}\n`);
}
appendResults(reports);
process.stdout.write('\nAppended to bench/RESULTS.md\n');
