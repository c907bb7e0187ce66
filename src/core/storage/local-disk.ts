/**
 * The default back end: one file per key under a root folder (DATA_DIR/content).
 * A put streams into a temporary file beside the target and renames it into place, so
 * a reader sees the old object or the new one, never half a file, and a failed or
 * refused upload leaves nothing behind. The content type comes from the key's extension
 * (the server picks it from the validated type); the entity tag from inode, size and
 * modification time, which every put changes because it renames a new file into place.
 */
import { randomBytes } from 'node:crypto';
import { type BigIntStats, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForKey } from './content-types.ts';
import { assertValidKey, folderPrefix } from './object-keys.ts';
import {
  MissingObjectError,
  type ObjectInfo,
  type ObjectRead,
  type PutOptions,
  type PutResult,
  type ReadRange,
  resolveReadRange,
  type Storage,
} from './storage.ts';

/** Errors that mean "no object at this key" rather than a failing disk. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function isAbsent(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException).code ?? '');
}

function entityTag(stats: BigIntStats): string {
  return `"${stats.ino.toString(16)}-${stats.size.toString(16)}-${stats.mtimeNs.toString(16)}"`;
}

export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return join(this.root, ...assertValidKey(key).split('/'));
  }

  private describe(key: string, stats: BigIntStats): ObjectInfo {
    return {
      size: Number(stats.size),
      etag: entityTag(stats),
      contentType: contentTypeForKey(key),
      lastModified: new Date(Number(stats.mtimeMs)),
    };
  }

  /** The declared content type is not kept: the key's extension decides it (see content-types.ts). */
  async put(key: string, body: Readable, _options?: PutOptions): Promise<PutResult> {
    const path = this.pathOf(key);
    // Until pipeline() takes the stream over, its error must not go unhandled; pipeline still sees it.
    body.on('error', () => {});
    await mkdir(dirname(path), { recursive: true });
    // A leading '.' keeps temporary files out of the key space (see object-keys.ts).
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx', flush: true }));
      // Renaming keeps the inode and times, so this is also the final object's tag.
      const stats = await stat(temporary, { bigint: true });
      await rename(temporary, path);
      return { size: Number(stats.size), etag: entityTag(stats) };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ReadRange): Promise<ObjectRead> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isAbsent(error)) throw new MissingObjectError(key);
      throw error;
    }
    try {
      // Size and bytes come from the same open file, even if a put replaces the key meanwhile.
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) throw new MissingObjectError(key);
      const info = this.describe(key, stats);
      const { start, end } = resolveReadRange(range, info.size);
      if (end < start) {
        await handle.close();
        return { ...info, start, end, stream: Readable.from([]) };
      }
      return { ...info, start, end, stream: handle.createReadStream({ start, end }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const stats = await stat(this.pathOf(key), { bigint: true });
      return stats.isFile() ? this.describe(key, stats) : undefined;
    } catch (error) {
      if (isAbsent(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isAbsent(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = this.pathOf(folderPrefix(prefix).slice(0, -1));
    try {
      if (!(await lstat(folder)).isDirectory()) return 0;
    } catch (error) {
      if (isAbsent(error)) return 0;
      throw error;
    }
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const objects = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).length;
    await rm(folder, { recursive: true, force: true });
    return objects;
  }
}
