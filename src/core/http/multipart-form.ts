/**
 * Reads a multipart (or url-encoded) form part by part: text fields are collected and
 * validated against a TypeBox schema, and each named file field is handed to its handler
 * as it streams in, so uploads never sit in memory. Unexpected files are drained.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { Static, TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { validateFormFields } from './form-validation.ts';

export type FileHandler<T> = (part: MultipartFile, fields: Record<string, string>) => Promise<T>;

export interface ReadForm<S extends TObject, H extends Record<string, FileHandler<unknown>>> {
  fields: Static<S>;
  files: { [K in keyof H]?: Awaited<ReturnType<H[K]>> };
}

export async function readMultipartForm<S extends TObject, H extends Record<string, FileHandler<unknown>>>(
  request: FastifyRequest,
  schema: S,
  handlers: H,
): Promise<ReadForm<S, H>> {
  const fields: Record<string, string> = {};
  const files: Record<string, unknown> = {};
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
  return { fields: validateFormFields(schema, fields), files: files as ReadForm<S, H>['files'] };
}
