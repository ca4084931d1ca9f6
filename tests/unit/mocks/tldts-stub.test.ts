// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { getDomain as realGetDomain } from 'tldts';
import { getDomain } from '@/mocks/tldts-stub';

const options = { allowIcannDomains: true, allowPrivateDomains: true };

describe("the demo build's tldts stand-in", () => {
  it.each([
    'localhost',
    '127.0.0.1',
    '::1',
    'foo.localhost',
    'demo.example.com',
    'a.b.example.com',
    'EXAMPLE.com.',
    'com',
    '',
  ])('answers %j as tldts does (the hosts a demo is served from)', (host) => {
    expect(getDomain(host, options)).toBe(realGetDomain(host, options));
  });

  it('takes the last two labels, so it is wrong for multi-label suffixes (demo only)', () => {
    expect(getDomain('shop.example.co.uk')).toBe('co.uk');
    expect(realGetDomain('shop.example.co.uk', options)).toBe('example.co.uk');
  });
});
