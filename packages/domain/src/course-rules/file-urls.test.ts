import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAllowedFileUrl } from './file-urls.ts';

const policy = {
  origin: 'https://learn.example.com',
  objectStorageHosts: ['files.example-cdn.net', 'minio.local:9000'],
};

describe('isAllowedFileUrl', () => {
  it.each([
    ['/files/guide.pdf', true],
    ['guide.pdf', true],
    ['../docs/a.pdf?x=1#page=2', true],
    ['https://learn.example.com/a.pdf', true],
    ['https://LEARN.example.com/a.pdf', true],
    ['http://learn.example.com/a.pdf', false],
    ['https://learn.example.com:8443/a.pdf', false],
    ['https://files.example-cdn.net/bucket/a.pdf', true],
    ['https://FILES.example-cdn.net/a.pdf', true],
    ['http://minio.local:9000/bucket/a.pdf', true],
    ['http://minio.local:9001/bucket/a.pdf', false],
    ['https://evil.example/a.pdf', false],
    ['https://files.example-cdn.net.evil.example/a.pdf', false],
    ['//evil.example/a.pdf', false],
    ['/\\evil.example/a.pdf', false],
    ['javascript:alert(1)', false],
    ['data:application/pdf;base64,AAAA', false],
    ['https://learn.example.com@evil.example/a.pdf', false],
  ])('%s → %s', (url, expected) => {
    expect(isAllowedFileUrl(url, policy)).toBe(expected);
  });

  it('refuses everything when the origin is unreadable', () => {
    expect(isAllowedFileUrl('/a.pdf', { origin: 'not a url', objectStorageHosts: [] })).toBe(false);
  });

  it('allows every path on the portal origin and nothing on hosts outside the list', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.domain(), (path, domain) => {
        expect(isAllowedFileUrl(`/${path.replace(/^\/+/, '')}`, policy)).toBe(true);
        const allowed = ['learn.example.com', 'files.example-cdn.net'].includes(
          domain.toLowerCase(),
        );
        expect(isAllowedFileUrl(`https://${domain}/a.pdf`, policy)).toBe(allowed);
      }),
    );
  });
});
