import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';

describe('createStorage', () => {
  it('gives the application context a local disk store under DATA_DIR/content by default', async () => {
    const testApp = await createTestApp();
    try {
      expect(testApp.ctx.storage).toBeInstanceOf(LocalDiskStorage);
      await testApp.ctx.storage.put('orgs/o/logos/logo.png', Readable.from([Buffer.from('logo')]));
      expect(existsSync(join(testApp.dataDir, 'content', 'orgs', 'o', 'logos', 'logo.png'))).toBe(true);
    } finally {
      await testApp.close();
    }
  });

  it('uses the folder a file: STORAGE_URL names', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'learnbase-file-url-'));
    try {
      const storage = await createStorage(loadConfig({ STORAGE_URL: pathToFileURL(folder).href }));
      expect(storage).toBeInstanceOf(LocalDiskStorage);
      await storage.put('a/b.pdf', Readable.from([Buffer.from('%PDF-')]));
      expect(existsSync(join(folder, 'a', 'b.pdf'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('builds an S3 store for an s3: STORAGE_URL', async () => {
    const storage = await createStorage(
      loadConfig({ STORAGE_URL: 's3://media?endpoint=http://127.0.0.1:9000' }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).destroy();
  });
});
