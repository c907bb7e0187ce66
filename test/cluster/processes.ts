/**
 * Real processes for the cluster test: API processes started with the production entry
 * point (`src/main.ts --role=api`) and delivery workers (test/webhook-worker-process.ts,
 * the same worker with the test receiver's network handed over in code).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Spawned {
  child: ChildProcess;
  url?: string;
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

/** Starts `src/main.ts --role=api` on a random loopback port and resolves with its base URL. */
export function startApiProcess(env: Record<string, string>): Promise<Spawned> {
  const child = fork(join(ROOT, 'src/main.ts'), ['--role=api'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (!line.includes('Learnbase is ready')) continue;
        const { url } = JSON.parse(line);
        resolve({ child, url });
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    child.once('exit', (code) => reject(new Error(`API process exited early with code ${code}`)));
  });
}

export function startWorkerProcess(spec: unknown): Promise<Spawned> {
  const child = fork(join(ROOT, 'test/webhook-worker-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WEBHOOK_WORKER_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child }));
    child.once('exit', (code) => reject(new Error(`worker exited early with code ${code}`)));
  });
}
