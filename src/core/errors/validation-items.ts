/**
 * Turns Ajv errors (Fastify's schema validation) into FastAPI's HTTPValidationError items,
 * so clients written against the existing product parse our 422s unchanged.
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { ValidationItem } from './http-errors.ts';

const LOCATION: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function pointerSegments(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function valueAt(root: unknown, segments: (string | number)[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

function quoteList(values: unknown[]): string {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length <= 1
    ? quoted.join('')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

const TYPE_MESSAGES: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_parsing', 'Input should be a valid integer'],
  number: ['float_parsing', 'Input should be a valid number'],
  boolean: ['bool_parsing', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  array: ['list_type', 'Input should be a valid list'],
  null: ['none_required', 'Input should be None'],
};

function describe(error: FastifySchemaValidationError): {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
} {
  const params = (error.params ?? {}) as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', msg: 'Field required' };
    case 'type': {
      const expected = String(params.type).split(',')[0];
      const [type, msg] = TYPE_MESSAGES[expected] ?? ['type_error', `Input should be of type ${params.type}`];
      return { type, msg };
    }
    case 'enum': {
      const expected = quoteList(params.allowedValues ?? []);
      return { type: 'enum', msg: `Input should be ${expected}`, ctx: { expected } };
    }
    case 'const':
      return { type: 'literal_error', msg: `Input should be '${params.allowedValue}'` };
    case 'minLength':
      return {
        type: 'string_too_short',
        msg: `String should have at least ${params.limit} character${params.limit === 1 ? '' : 's'}`,
        ctx: { min_length: params.limit },
      };
    case 'maxLength':
      return {
        type: 'string_too_long',
        msg: `String should have at most ${params.limit} character${params.limit === 1 ? '' : 's'}`,
        ctx: { max_length: params.limit },
      };
    case 'minimum':
      return {
        type: 'greater_than_equal',
        msg: `Input should be greater than or equal to ${params.limit}`,
        ctx: { ge: params.limit },
      };
    case 'maximum':
      return {
        type: 'less_than_equal',
        msg: `Input should be less than or equal to ${params.limit}`,
        ctx: { le: params.limit },
      };
    case 'exclusiveMinimum':
      return {
        type: 'greater_than',
        msg: `Input should be greater than ${params.limit}`,
        ctx: { gt: params.limit },
      };
    case 'exclusiveMaximum':
      return {
        type: 'less_than',
        msg: `Input should be less than ${params.limit}`,
        ctx: { lt: params.limit },
      };
    case 'minItems':
      return {
        type: 'too_short',
        msg: `List should have at least ${params.limit} items`,
        ctx: { min_length: params.limit },
      };
    case 'maxItems':
      return {
        type: 'too_long',
        msg: `List should have at most ${params.limit} items`,
        ctx: { max_length: params.limit },
      };
    case 'pattern':
      return {
        type: 'string_pattern_mismatch',
        msg: `String should match pattern '${params.pattern}'`,
        ctx: { pattern: params.pattern },
      };
    case 'format':
      return params.format === 'email'
        ? { type: 'value_error', msg: 'value is not a valid email address' }
        : { type: 'value_error', msg: `Input should be a valid ${params.format}` };
    case 'additionalProperties':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    default:
      return { type: 'value_error', msg: error.message ? `Input ${error.message}` : 'Input is not valid' };
  }
}

export function validationItems(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  source: unknown,
): ValidationItem[] {
  const location = LOCATION[context ?? 'body'] ?? context ?? 'body';
  // No body at all where one is required (an empty request is no body): FastAPI reports the
  // body itself as missing rather than as a value of the wrong type.
  if (
    location === 'body' &&
    source === undefined &&
    errors.some((e) => e.instancePath === '' && e.keyword === 'type')
  ) {
    return [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }];
  }
  const items: ValidationItem[] = [];
  const seen = new Set<string>();
  // A failed union reports each branch and then "must match a schema in anyOf"; keep the
  // summary only when nothing more precise was said about the same place.
  const precise = new Set(
    errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => e.instancePath),
  );
  for (const error of errors) {
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && precise.has(error.instancePath)) continue;
    const segments = pointerSegments(error.instancePath);
    const params = (error.params ?? {}) as Record<string, unknown>;
    const missing = error.keyword === 'required' ? String(params.missingProperty) : undefined;
    const extra = error.keyword === 'additionalProperties' ? String(params.additionalProperty) : undefined;
    const loc = [location, ...segments, ...(missing ? [missing] : []), ...(extra ? [extra] : [])];
    const key = `${loc.join('\u0000')}|${error.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { type, msg, ctx } = describe(error);
    const input = missing
      ? valueAt(source, segments)
      : valueAt(source, extra ? [...segments, extra] : segments);
    const item: ValidationItem = { type, loc, msg, input: input ?? null };
    if (ctx) item.ctx = ctx;
    items.push(item);
  }
  return items;
}
