import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];
type Serializer = (data: unknown) => string | Buffer;
type JsonSchema = Record<string, unknown>;

const JSON_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'];

/**
 * Responses are written by fast-json-stringify, compiled from the output side of each route's zod schema
 * (z.toJSONSchema), instead of fastify-type-provider-zod's serializer, which first builds a validated copy
 * of every response with zod and then calls JSON.stringify: on a page of 50 links that was about a tenth
 * of the request's CPU (BENCHMARKS.md). The output is the same JSON, and properties the schema does not
 * declare are still left out (zod objects are `additionalProperties: false`). What is no longer done is
 * checking values the handlers built; their types already guarantee them. A schema this module cannot
 * translate faithfully keeps the zod serializer.
 */
/** Shared schemas (the error shape on every route) are compiled once per process, not once per route. */
const compiled = new WeakMap<z.ZodType, Serializer>();

export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(route);
  let serializer = compiled.get(schema);
  if (!serializer) {
    const jsonSchema = stringifiableSchema(schema);
    serializer = jsonSchema
      ? (listSerializer(jsonSchema) ?? fastJsonStringify(jsonSchema))
      : zodSerializerCompiler(route);
    compiled.set(schema, serializer);
  }
  // Fastify writes a Buffer as it is (reply.js takes a string or a Buffer), its length the Content-Length.
  return serializer as (data: unknown) => string;
};

/**
 * Responses that carry lists of records (a page of links, search results) are written as UTF-8 bytes a
 * record at a time. V8 keeps a string at one byte a character until it holds one past U+00FF; one em dash
 * in one title of a page of fifty links made the whole page one two-byte string, and widening it, then
 * encoding it for Content-Length and for the socket, cost about 0.9 ms of the page's 1.1 ms of
 * serialising (an 86 KB page; BENCHMARKS.md, Scale, "Second figures"). Encoded record by record, only
 * the record with the character pays, and the bytes go to the socket as they are. Keys keep the schema's
 * order, so the JSON is the same as the whole document's; null when the schema has no list of objects.
 */
function listSerializer(schema: JsonSchema): Serializer | null {
  const properties = isSchema(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : null;
  if (schema.type !== 'object' || !properties || schema.additionalProperties !== false) return null;
  const isList = (property: JsonSchema) =>
    property.type === 'array' && isSchema(property.items) && property.items.type === 'object';
  if (!Object.values(properties).some(isList)) return null;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const writers = Object.entries(properties).map(([key, property]) => ({
    key,
    name: Buffer.from(`${JSON.stringify(key)}:`),
    list: isList(property),
    write: fastJsonStringify(isList(property) ? (property.items as JsonSchema) : property) as (
      value: unknown,
    ) => string,
  }));
  return (data) => {
    const record = data as Record<string, unknown>;
    const parts: Buffer[] = [];
    for (const { key, name, list, write } of writers) {
      const value = record[key];
      if (value === undefined) {
        if (required.has(key)) throw new Error(`"${key}" is required!`);
        continue;
      }
      parts.push(parts.length === 0 ? OPEN_OBJECT : COMMA, name);
      if (!list) {
        parts.push(Buffer.from(write(value)));
        continue;
      }
      if (!Array.isArray(value)) throw new TypeError(`"${key}" must be an array`);
      parts.push(OPEN_ARRAY);
      value.forEach((item, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(Buffer.from(write(item)));
      });
      parts.push(CLOSE_ARRAY);
    }
    parts.push(parts.length === 0 ? EMPTY_OBJECT : CLOSE_OBJECT);
    return Buffer.concat(parts);
  };
}

const [OPEN_OBJECT, CLOSE_OBJECT, EMPTY_OBJECT, OPEN_ARRAY, CLOSE_ARRAY, COMMA] = [
  '{',
  '}',
  '{}',
  '[',
  ']',
  ',',
].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];

/** The JSON Schema fast-json-stringify is given for `schema`, or null when it has no exact equivalent. */
export function stringifiableSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const { definitions = {}, ...root } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as JsonSchema & { definitions?: Record<string, JsonSchema> };
    delete root.$schema;
    return simplify(root, definitions, new Set());
  } catch {
    // z.toJSONSchema refuses what JSON Schema cannot express (transforms, dates); simplify() what
    // fast-json-stringify cannot write without a validator.
    return null;
  }
}

/**
 * Rewrites z.toJSONSchema's output into the forms fast-json-stringify compiles to straight-line code:
 * references inlined, `anyOf [X, null]` as `type: [X, 'null']`, and a union of every JSON type (z.json())
 * as `{}`, which it writes with JSON.stringify. Any other union would need a schema validator at run time
 * to pick its branch, so it is refused.
 */
function simplify(
  node: JsonSchema,
  definitions: Record<string, JsonSchema>,
  resolving: Set<string>,
): JsonSchema {
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/definitions/', '');
    const target = definitions[name];
    if (!target || resolving.has(name)) throw new Error(`recursive or unknown ${node.$ref}`);
    return simplify(target, definitions, new Set([...resolving, name]));
  }
  if (Array.isArray(node.anyOf)) return simplifyUnion(node.anyOf as JsonSchema[], definitions, resolving);
  if (node.allOf || node.oneOf || node.not || node.if) throw new Error('combinator');
  const out: JsonSchema = { ...node };
  if (isSchema(node.items)) out.items = simplify(node.items, definitions, resolving);
  if (isSchema(node.additionalProperties)) {
    out.additionalProperties = simplify(node.additionalProperties, definitions, resolving);
  }
  if (isSchema(node.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, value]) => [
        key,
        simplify(value as JsonSchema, definitions, resolving),
      ]),
    );
  }
  return out;
}

function simplifyUnion(
  branches: JsonSchema[],
  definitions: Record<string, JsonSchema>,
  resolving: Set<string>,
): JsonSchema {
  const types = new Set(branches.map((b) => (b.type === 'integer' ? 'number' : b.type)));
  if (JSON_TYPES.every((t) => types.has(t))) return {};
  const isNull = (b: JsonSchema) => b.type === 'null';
  const others = branches.filter((b) => !isNull(b));
  const [other] = others;
  if (others.length !== 1 || branches.length !== 2 || !other) throw new Error('union');
  const simplified = simplify(other, definitions, resolving);
  if (Object.keys(simplified).length === 0) return simplified;
  if (typeof simplified.type !== 'string') throw new Error('nullable union');
  return { ...simplified, type: [simplified.type, 'null'] };
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null;
