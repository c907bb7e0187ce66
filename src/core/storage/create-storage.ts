/**
 * Picks the storage back end the configuration names (see storage-target.ts). The AWS SDK
 * is loaded only when S3 is configured: it takes about half a second to import, which a
 * deployment on the local disk should not pay at every start.
 */
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk.ts';
import type { Storage } from './storage.ts';

export async function createStorage(config: Pick<Config, 'storage'>): Promise<Storage> {
  const target = config.storage;
  if (target.kind === 'local') return new LocalDiskStorage(target.root);
  const { S3Storage } = await import('./s3.ts');
  return new S3Storage(target);
}
