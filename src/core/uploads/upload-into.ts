/**
 * The common shape of an upload endpoint: when the file part arrives, resolve where it
 * belongs from the fields already read (and check the caller may put it there) so it
 * streams straight to its place; when those fields come after the file, stage it and
 * resolve later. A refusal before reading drains the part so the client gets its answer.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { type PendingUpload, receivePending } from './pending-upload.ts';
import type { ReceiveUploadOptions } from './receive-upload.ts';

export interface UploadTarget<T> {
  /** Storage folder the file belongs in. */
  folder: string;
  /** Whatever the endpoint resolved on the way (parent rows, new uuids). */
  value: T;
}

export interface UploadSlot<T> {
  /** Reads the file part; give this to readMultipartForm as the field's handler. */
  handler(part: MultipartFile, fields: Record<string, string>): Promise<PendingUpload>;
  /** The target (resolving it now if the fields came after the file) and the placed file. */
  finish(
    pending: PendingUpload,
    fields: Record<string, string>,
  ): Promise<{ target: UploadTarget<T>; file: PendingUpload['received'] }>;
}

export function uploadSlot<T>(
  ctx: AppContext,
  options: Omit<ReceiveUploadOptions, 'keyFor'> & {
    /** Checks the declared content type before any byte is read (throws to refuse). */
    checkDeclared?: (part: MultipartFile) => void;
    /** The target from the fields, or undefined when a needed field has not arrived yet. */
    resolve(fields: Record<string, string>, final: boolean): Promise<UploadTarget<T> | undefined>;
  },
): UploadSlot<T> {
  let target: UploadTarget<T> | undefined;
  return {
    async handler(part, fields) {
      try {
        options.checkDeclared?.(part);
        target = await options.resolve(fields, false);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      return receivePending(ctx, part, options, target?.folder);
    },
    async finish(pending, fields) {
      try {
        target ??= await options.resolve(fields, true);
        if (!target) throw new Error('upload target could not be resolved');
        const file = await pending.place(target.folder);
        return { target, file };
      } catch (error) {
        await pending.discard().catch(() => {});
        throw error;
      }
    },
  };
}
