/**
 * Validation of form fields that do not go through a route's body schema (multipart
 * forms read part by part). Same Ajv options and the same FastAPI-shaped 422 as routes.
 */
import type { Static, TObject } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { ValidationProblem } from '../errors/http-errors.ts';
import { validationItems } from '../errors/validation-items.ts';

const ajv = new Ajv({
  allErrors: true,
  coerceTypes: 'array',
  removeAdditional: true,
  useDefaults: true,
  strict: false,
});
// ajv-formats is CommonJS; its typings do not describe the ESM default import.
(formats as unknown as (instance: Ajv) => void)(ajv);
const compiled = new WeakMap<TObject, ValidateFunction>();

/** Coerces and checks `fields` (strings from a form) against `schema`; throws a 422 on failure. */
export function validateFormFields<S extends TObject>(schema: S, fields: Record<string, unknown>): Static<S> {
  const validate = compiled.get(schema) ?? ajv.compile(schema);
  compiled.set(schema, validate);
  const data = { ...fields };
  if (!validate(data)) {
    throw new ValidationProblem(validationItems(validate.errors as never, 'body', fields));
  }
  return data as Static<S>;
}
