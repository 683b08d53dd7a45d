export type MockttpModule = typeof import('mockttp');

let mockttp: Promise<MockttpModule> | undefined;

/** mockttp takes seconds to load: only a process that starts an environment network pays for it, once. */
export function loadMockttp(): Promise<MockttpModule> {
  mockttp ??= import('mockttp');
  return mockttp;
}

/**
 * The certificate authority of this process's environment proxies: made at start, kept in memory only, trusted by
 * each environment's Chromium through its key's pin (`--ignore-certificate-errors-spki-list`), never by the
 * machine. It lets a proxy answer an HTTPS request to a refused host with a page that says why.
 */
export interface NetworkAuthority {
  key: string;
  cert: string;
  /** The base64 SHA-256 of the certificate's public key, as Chromium's pin list takes it. */
  spkiFingerprint: string;
}

let authority: Promise<NetworkAuthority> | undefined;

/** This process's authority, made on first use. */
export function networkAuthority(): Promise<NetworkAuthority> {
  authority ??= (async () => {
    const { generateCACertificate, generateSPKIFingerprint } = await loadMockttp();
    const { key, cert } = await generateCACertificate({
      subject: { commonName: 'Proctor environment network', organizationName: 'Proctor' },
      bits: 2048,
    });
    return { key, cert, spkiFingerprint: await generateSPKIFingerprint(cert) };
  })();
  authority.catch(() => {
    authority = undefined;
  });
  return authority;
}
