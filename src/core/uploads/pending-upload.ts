/**
 * An upload whose final place may not be known when its bytes arrive: multipart fields
 * can come after the file (the parent's id, say). When the folder is known the file
 * streams straight there; otherwise it lands in `staging/` and is moved once the parent
 * is resolved. Either way the caller ends with `place(folder)` or `discard()`.
 */
import type { AppContext } from '../context.ts';
import { childKey } from '../storage/object-keys.ts';
import {
  type IncomingFile,
  type ReceivedUpload,
  type ReceiveUploadOptions,
  receiveUpload,
} from './receive-upload.ts';

export interface PendingUpload {
  readonly received: ReceivedUpload;
  /** Moves the file into `folder` (if it is not there already) and returns where it now is. */
  place(folder: string): Promise<ReceivedUpload>;
  /** Removes the file (the request failed after it was received). */
  discard(): Promise<void>;
}

export async function receivePending(
  ctx: AppContext,
  incoming: IncomingFile | undefined,
  options: Omit<ReceiveUploadOptions, 'keyFor'>,
  knownFolder?: string,
): Promise<PendingUpload> {
  const received = await receiveUpload(ctx, incoming, {
    ...options,
    keyFor: (storedName) => childKey(knownFolder ?? 'staging', storedName),
  });
  let current = received;
  return {
    received,
    async place(folder) {
      const target = childKey(folder, current.storedName);
      if (target === current.key) return current;
      const { stream } = await ctx.storage.get(current.key);
      const stored = await ctx.storage.put(target, stream, { contentType: current.mimeType });
      await ctx.storage.delete(current.key);
      current = { ...current, key: target, etag: stored.etag, size: stored.size };
      return current;
    },
    async discard() {
      await ctx.storage.delete(current.key);
    },
  };
}
