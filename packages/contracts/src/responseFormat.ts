import { z } from 'zod';

/** The types a response format's field may take (002 §7.12: "field name to type string/number"). */
export const RESPONSE_FIELD_TYPES = ['string', 'number', 'boolean'] as const;
export const ResponseFieldType = z.enum(RESPONSE_FIELD_TYPES);
export type ResponseFieldType = z.infer<typeof ResponseFieldType>;

export const RESPONSE_FORMAT_LIMITS = { maxFields: 50, maxFieldName: 100 } as const;

/**
 * What the answer holds: field name → type. Shared by run-task, the trainer's and offline sessions' dialogs
 * (their response schema, one select-content button per field) and Task Completed's check.
 */
export const ResponseFormat = z
  .record(z.string(), ResponseFieldType)
  // Keys are checked here, not by the record's key schema: zod reports a bad key only as "Invalid key in record".
  .superRefine((format, context) => {
    const names = Object.keys(format);
    if (names.length === 0)
      context.addIssue({ code: 'custom', message: 'response_format needs at least one field' });
    if (names.length > RESPONSE_FORMAT_LIMITS.maxFields)
      context.addIssue({
        code: 'custom',
        message: `response_format has at most ${RESPONSE_FORMAT_LIMITS.maxFields} fields`,
      });
    for (const name of names) {
      if (name.trim() === '')
        context.addIssue({ code: 'custom', path: [name], message: 'A field needs a name' });
      else if (name.length > RESPONSE_FORMAT_LIMITS.maxFieldName)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `A field's name has at most ${RESPONSE_FORMAT_LIMITS.maxFieldName} characters`,
        });
    }
  });
export type ResponseFormat = z.infer<typeof ResponseFormat>;

/** The JSON Schema an answer to `format` follows: an object with every field, of its type, and nothing else. */
export function responseFormatSchema(format: ResponseFormat): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(format).map(([name, type]) => [name, { type }])),
    required: Object.keys(format),
    additionalProperties: false,
  };
}

/**
 * A value read as a field's type where it plainly is one: '12.5' → 12.5, ' true ' → true (a model or a page's
 * text gives strings); anything else is left as it is, for the schema to refuse.
 */
export function coerceResponseField(type: ResponseFieldType, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (type === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return value;
}
