/**
 * Runs the application for a benchmark and reports its address to the parent process.
 * BENCH_ROLE=api leaves webhook delivery to the bench process (which can reach a loopback receiver).
 */
import { loadConfig, type ProcessRole } from '../src/core/config.ts';
import { startProcess } from '../src/server.ts';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const running = await startProcess(config, (process.env.BENCH_ROLE as ProcessRole | undefined) ?? 'all');
process.on('SIGTERM', async () => {
  await running.stop();
  process.exit(0);
});
process.send?.({ ready: running.address });
