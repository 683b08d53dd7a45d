import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/config';

describe('TRUST_PROXY', () => {
  it('should trust no proxy unless told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
  });

  it('should accept a comma-separated list of addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8, 172.16.0.0/255.240.0.0,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
      'loopback',
    ]);
  });

  it('should refuse a hop count and anything that is not an address, naming the culprits', () => {
    expect(() => parseTrustProxy('1')).toThrow(/cannot be a hop count/);
    expect(() => parseTrustProxy('10.0.0.1,proxy.internal,10.0.0.0/33')).toThrow(
      /not "proxy\.internal", "10\.0\.0\.0\/33"$/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
