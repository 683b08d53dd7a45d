export const DOCUMENT_REQUIRED = 'Enter the document as JSON';

/** A document typed as JSON text: its value, or why it is not JSON. */
export function parseDocumentText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (!text.trim()) return { ok: false, error: DOCUMENT_REQUIRED };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${(error as Error).message}` };
  }
}
