/**
 * An S3-compatible server for tests: s3rver (the S3 API written in Node, objects kept in a
 * temporary folder) in a child process on 127.0.0.1 with one bucket, and a StorageTarget
 * pointing at it. It runs apart from the tests because it signs listing continuation tokens
 * with DES, which OpenSSL 3 only offers through its legacy provider.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StorageTarget } from '../src/core/storage/storage-target.ts';

export interface TestS3Server {
  target(keyPrefix?: string): S3StorageTarget;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'learnbase-test';

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /S3rver listening on [\d.]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
  });
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'learnbase-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      bin,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
      '--silent',
      '--configure-bucket',
      TEST_BUCKET,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    target: (keyPrefix = '') => ({
      kind: 's3',
      bucket: TEST_BUCKET,
      keyPrefix,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed development credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
