import { describe, expect, it } from 'vitest';
import { isPublicImageUrl } from './publicUrl';

describe('isPublicImageUrl', () => {
  it('allows web addresses on public hosts', () => {
    for (const url of [
      'https://cdn.example.com/og.png',
      'http://93.184.216.34/a.jpg',
      'https://[2606:4700::1111]/x.png',
    ]) {
      expect(isPublicImageUrl(url), url).toBe(true);
    }
  });

  it('refuses this computer, private networks, local names and other schemes', () => {
    for (const url of [
      null,
      '',
      'not a url',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'http://localhost/a.png',
      'http://printer.local/a.png',
      'http://127.0.0.1/a.png',
      'http://10.1.2.3/a.png',
      'http://172.20.0.1/a.png',
      'http://192.168.1.1/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/a.png',
      'http://0.0.0.0/a.png',
      'http://[::1]/a.png',
      'http://[fd00::1]/a.png',
      'http://[fe80::1]/a.png',
      'http://[::ffff:192.168.1.1]/a.png',
      'http://2130706433/a.png',
    ]) {
      expect(isPublicImageUrl(url), String(url)).toBe(false);
    }
  });
});
