export type DecodedBody =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: number }
  | { kind: 'invalid' };

/** A response body as the API sends it (base64) decoded to UTF-8 text, when it is text. */
export function decodeResponseBody(base64: string | null): DecodedBody {
  if (base64 === null || base64 === '') return { kind: 'none' };
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return { kind: 'invalid' };
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { kind: 'binary', bytes: bytes.length };
  }
}
