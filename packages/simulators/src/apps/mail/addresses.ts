/**
 * Recipient fields as people type them: "Priya Natarajan <priya.natarajan@fernhill.io>, omar.haddad@fernhill.io".
 * Parsed into lowercase addresses (what is stored) or into the entries that are not valid addresses.
 */
const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+\.[a-z]{2,}$/i;

export interface ParsedRecipients {
  addresses: string[];
  invalid: string[];
}

export function parseRecipients(input: string): ParsedRecipients {
  const addresses: string[] = [];
  const invalid: string[] = [];
  for (const raw of input.split(/[,;]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const angle = /<([^>]*)>\s*$/.exec(entry);
    const address = (angle ? (angle[1] ?? '') : entry).trim();
    if (!ADDRESS.test(address)) invalid.push(entry);
    else if (!addresses.includes(address.toLowerCase())) addresses.push(address.toLowerCase());
  }
  return { addresses, invalid };
}

/** Stored form: addresses joined by ", ". */
export function joinAddresses(addresses: readonly string[]): string {
  return addresses.join(', ');
}

export function splitAddresses(stored: string): string[] {
  return stored
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** '8.4 MB', '412 KB': attachment sizes as mail clients show them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
