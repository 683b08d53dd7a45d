import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/kernel/config';

describe('PROXY_RECORD_ALLOWED_ADDRESSES', () => {
  it('should allow no private address by default and read addresses and CIDRs', () => {
    expect(loadConfig({}).proxyRecording.allowedAddresses).toEqual([]);
    expect(
      loadConfig({ PROXY_RECORD_ALLOWED_ADDRESSES: '127.0.0.1, 10.0.0.0/8' }).proxyRecording.allowedAddresses,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('should refuse to start on an entry that is not an address or a CIDR', () => {
    expect(() => loadConfig({ PROXY_RECORD_ALLOWED_ADDRESSES: 'localhost' })).toThrow(
      /PROXY_RECORD_ALLOWED_ADDRESSES must be a comma-separated list of addresses or CIDRs; not "localhost"/,
    );
  });
});
