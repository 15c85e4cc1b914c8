import { describe, expect, it } from 'vitest';
import { serverAddress } from './capture.js';

describe('serverAddress', () => {
  it('keeps scheme, host and path prefix, without a trailing slash', () => {
    expect(serverAddress(' https://vault.example.com/ ')).toBe('https://vault.example.com');
    expect(serverAddress('https://example.com/links//')).toBe('https://example.com/links');
    expect(serverAddress('vault.example.com')).toBe('https://vault.example.com');
  });

  it('accepts plain http only for this computer', () => {
    expect(serverAddress('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(serverAddress('http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverAddress('http://[::1]:3000/vault')).toBe('http://[::1]:3000/vault');
  });

  it('refuses plain http to any other host, which would carry the password and tokens unencrypted', () => {
    for (const address of [
      'http://vault.example.com',
      'http://192.168.1.20:3000',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com/',
    ]) {
      expect(() => serverAddress(address), address).toThrow(/Use an https:\/\/ address/);
    }
  });
});
