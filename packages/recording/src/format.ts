/** The `format` field of every recording document, whatever its version: what says "this is a recording". */
export const RECORDING_DOCUMENT_FORMAT = 'proctor-recording';
