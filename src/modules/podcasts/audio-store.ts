/**
 * Where episode audio lives. Episodes only need to save a stream and delete it later, so
 * they depend on this small interface; `localAudioStore` keeps files under
 * DATA_DIR/content and is meant to give way to the shared storage back end (local disk or
 * S3) once that is on main.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../core/context.ts';

export interface StoredAudio {
  key: string;
  size: number;
  contentType: string;
}

export interface EpisodeAudioStore {
  /** Streams the audio to `key` (a '/'-separated relative path); visible only once complete. */
  save(key: string, stream: Readable, contentType: string): Promise<StoredAudio>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export function localAudioStore(root: string): EpisodeAudioStore {
  const pathOf = (key: string) => {
    if (key.split('/').some((segment) => segment === '..' || segment === '')) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    return join(root, ...key.split('/'));
  };
  return {
    async save(key, stream, contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream, counter, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, contentType };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** The store episodes use: DATA_DIR/content on the local disk. */
export function audioStoreFor(ctx: AppContext): EpisodeAudioStore {
  return localAudioStore(join(ctx.config.dataDir, 'content'));
}

/** Removes files whose rows are gone; a failure is logged, never surfaced (the rows are already deleted). */
export async function deleteAudioFiles(ctx: AppContext, keys: string[]): Promise<void> {
  const store = audioStoreFor(ctx);
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      ctx.logger.error({ err: error, key }, 'could not delete episode audio');
    }
  }
}
