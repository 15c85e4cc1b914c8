import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];
type Serializer = (data: unknown) => string;
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
    serializer = jsonSchema ? fastJsonStringify(jsonSchema) : zodSerializerCompiler(route);
    compiled.set(schema, serializer);
  }
  return serializer;
};

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
