import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) => readConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('otherwise it names the proxies: addresses and address ranges, separated by commas', () => {
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8 , ::1,192.168.1.7 ')).toEqual(['10.0.0.0/8', '::1', '192.168.1.7']);
    expect(trust('loopback')).toEqual(['loopback']);
  });

  it('refuses to trust every caller, a count of hops, or anything that is not an address', () => {
    // A hop count cannot tell the proxy from a phone that connects directly and writes its own header.
    expect(() => trust('1')).toThrow(/TRUST_PROXY/);
    expect(() => trust('true')).toThrow(/TRUST_PROXY/);
    expect(() => trust('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
    expect(() => trust('-1')).toThrow(/TRUST_PROXY/);
  });
});
