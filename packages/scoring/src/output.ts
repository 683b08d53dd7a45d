import { ajvLinearRegExp } from '@proctor/contracts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { canonicalJson, type JsonValue, jsonEqual } from './json';

export interface OutputCheck {
  /** The answer equals the expected output (as JSON) and validates against the output schema. */
  passed: boolean;
  matchesExpected: boolean;
  schemaErrors: string[];
}

// One validator for the process. `verbose` keeps the failing value on each error, for the spec's
// "Expected number, got string".
// Schema patterns run in linear time (ajvLinearRegExp).
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { regExp: ajvLinearRegExp } });

/**
 * Compiled schemas by content. Ajv caches by object identity, so a schema read afresh from the database for
 * each session would be compiled again and kept forever; this cache is keyed by the schema's canonical JSON,
 * holds a bounded number, and Ajv's own entry is dropped after compiling.
 */
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED_SCHEMAS = 256;

/** The validator of a JSON Schema. Throws when Ajv cannot compile it (an unknown $ref, a bad keyword value). */
export function compileOutputSchema(schema: Record<string, unknown>): ValidateFunction {
  const key = canonicalJson(schema as JsonValue);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } finally {
    // Also when compiling throws (a refused pattern): Ajv would keep the schema, and refuse its $id next time.
    ajv.removeSchema(schema);
  }
  compiled.set(key, validate);
  if (compiled.size > MAX_COMPILED_SCHEMAS) compiled.delete(compiled.keys().next().value as string);
  return validate;
}

/** Validates an answer against a JSON Schema; messages as "/path must be ...". */
export function outputSchemaErrors(output: JsonValue | undefined, schema: Record<string, unknown>): string[] {
  const validate = compileOutputSchema(schema);
  if (validate(output ?? null)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '(answer)'} ${error.message ?? 'is invalid'}`,
  );
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** One Ajv error in the words of the spec's lightweight check (000 §5), for the keywords it names. */
function describeViolation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const message = (() => {
    switch (error.keyword) {
      case 'type':
        return `Expected ${String(params.type)}, got ${jsonTypeOf(error.data)}`;
      case 'required':
        return `Missing required property '${String(params.missingProperty)}'`;
      case 'minLength':
        return `String length is less than minimum (${String(params.limit)})`;
      case 'pattern':
        return `String does not match pattern ${String(params.pattern)}`;
      case 'enum':
        return `Value must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      case 'minimum':
        return `Value is less than minimum (${String(params.limit)})`;
      case 'additionalProperties':
        return `Unexpected property '${String(params.additionalProperty)}'`;
      default:
        return error.message ?? 'is invalid';
    }
  })();
  return error.instancePath ? `${error.instancePath}: ${message}` : message;
}

/**
 * Validates an answer against a JSON Schema with a full validator, worded as the spec's lightweight check
 * ("Expected number, got string", "Missing required property 'count'"), each prefixed by the JSON pointer of
 * the value when it is not the answer itself.
 */
export function outputSchemaViolations(output: JsonValue, schema: Record<string, unknown>): string[] {
  const validate = compileOutputSchema(schema);
  if (validate(output)) return [];
  return (validate.errors ?? []).map(describeViolation);
}

export function checkOutput(
  output: JsonValue | undefined,
  expected: JsonValue,
  schema: Record<string, unknown>,
): OutputCheck {
  const matchesExpected = output !== undefined && jsonEqual(output, expected);
  const schemaErrors = outputSchemaErrors(output, schema);
  return { passed: matchesExpected && schemaErrors.length === 0, matchesExpected, schemaErrors };
}
