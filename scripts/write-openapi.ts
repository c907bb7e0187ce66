/**
 * Writes the OpenAPI document generated from the route schemas to openapi.json.
 * With --check it fails (exit 1) when the committed file is stale; CI runs that.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/core/config.ts';
import { createLogger } from '../src/core/logger.ts';

const target = join(import.meta.dirname, '..', 'openapi.json');
const check = process.argv.includes('--check');

const dataDir = mkdtempSync(join(tmpdir(), 'learnbase-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'openapi-generation-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
  });
  const ctx = await createContext(config, { logger: createLogger('silent'), firstStart: false });
  const app = await buildApp(ctx);
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await closeContext(ctx);

  if (check) {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (committed !== document) {
      process.stderr.write('openapi.json is stale: run `npm run openapi` and commit the result.\n');
      process.exitCode = 1;
    } else {
      process.stdout.write('openapi.json is up to date.\n');
    }
  } else {
    writeFileSync(target, document);
    process.stdout.write(`wrote ${target}\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
