import { describe, expect, it } from 'vitest';
import { fingerprintSnapshot, hashClaimText } from '../../src/text/fingerprint.js';

describe('fingerprint', () => {
  it('is the sha256 hex of the UTF-8 snapshot', () => {
    expect(fingerprintSnapshot('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(fingerprintSnapshot('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes claim text after normalizing it, to 16 hex characters', () => {
    expect(hashClaimText('abc')).toBe('ba7816bf8f01cfea');
    expect(hashClaimText('  a\n b ')).toBe(hashClaimText('a b'));
    expect(hashClaimText('Caf\u0065\u0301')).toBe(hashClaimText('Caf\u00e9'));
    expect(hashClaimText('a b')).not.toBe(hashClaimText('a c'));
  });
});
