import { describe, expect, it } from 'vitest';
import { fingerprintSnapshot, hashClaimText, shortDigests } from '../../src/text/fingerprint.js';

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

  it('shortens two digests as far as it takes to tell them apart', () => {
    const current = fingerprintSnapshot('abc');
    expect(shortDigests(fingerprintSnapshot('abd'), current)).toEqual([`${fingerprintSnapshot('abd').slice(0, 12)}…`, 'ba7816bf8f01…']);
    const late = `${current.slice(0, 20)}0${current.slice(21)}`;
    expect(shortDigests(late, current)).toEqual([`${late.slice(0, 24)}…`, `${current.slice(0, 24)}…`]);
    // A prefix a report gave is shown whole, beside as much of the digest.
    expect(shortDigests(current.slice(0, 16), current)).toEqual([current.slice(0, 16), `${current.slice(0, 20)}…`]);
    expect(shortDigests(current, current)).toEqual([current, current]);
  });
});
