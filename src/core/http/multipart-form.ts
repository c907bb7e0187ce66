/**
 * Reads a multipart (or url-encoded) form part by part: text fields are collected and
 * validated against a TypeBox schema, and each named file field is handed to its handler
 * as it streams in, so uploads never sit in memory. Unexpected files are drained. When
 * the form fails (invalid fields, a later part refused) the files already received are
 * discarded, so a refused request leaves nothing in storage.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { validateFormFields } from './form-validation.ts';

/** What a file handler hands back: something the form can drop again if the request fails. */
export interface ReceivedFile {
  discard(): Promise<void>;
}

export type FileHandler<T extends ReceivedFile> = (
  part: MultipartFile,
  fields: Record<string, string>,
) => Promise<T>;

export interface ReadForm<S extends TObject, H extends Record<string, FileHandler<ReceivedFile>>> {
  fields: Static<S>;
  files: { [K in keyof H]?: Awaited<ReturnType<H[K]>> };
}

export async function readMultipartForm<
  S extends TObject,
  H extends Record<string, FileHandler<ReceivedFile>>,
>(request: FastifyRequest, schema: S, handlers: H): Promise<ReadForm<S, H>> {
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  try {
    await readParts(request, handlers, fields, files);
    return { fields: validateFormFields(schema, fields), files: files as ReadForm<S, H>['files'] };
  } catch (error) {
    await Promise.all(Object.values(files).map((file) => file.discard().catch(() => {})));
    throw error;
  }
}

async function readParts(
  request: FastifyRequest,
  handlers: Record<string, FileHandler<ReceivedFile>>,
  fields: Record<string, string>,
  files: Record<string, ReceivedFile>,
): Promise<void> {
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const handler = handlers[part.fieldname];
      if (!handler || part.fieldname in files || !part.filename) {
        part.file.resume();
        continue;
      }
      files[part.fieldname] = await handler(part, fields);
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
}
