// OAuth 1.0a HMAC-SHA1 against published vectors (RFC 5849, OAuth Core 1.0, OAuth Body Hash) and round trips.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  bodyHash,
  hmacSha1,
  normalizeParams,
  parseAuthorizationHeader,
  percentEncode,
  queryParams,
  safeEqual,
  signatureBaseString,
  signForm,
  verifySignature,
  type OAuthParam,
} from './oauth1.ts';

describe('percentEncode (RFC 3986)', () => {
  it.each([
    ['Ladies + Gentlemen', 'Ladies%20%2B%20Gentlemen'],
    ['An encoded string!', 'An%20encoded%20string%21'],
    ['Dogs, Cats & Mice', 'Dogs%2C%20Cats%20%26%20Mice'],
    ["it's (a*b)", 'it%27s%20%28a%2Ab%29'],
    ['-._~AZaz09', '-._~AZaz09'],
    ['☃', '%E2%98%83'],
    ['😀', '%F0%9F%98%80'],
    ['a/b?c=d#e', 'a%2Fb%3Fc%3Dd%23e'],
    ['%', '%25'],
    ['', ''],
  ])('%j → %s', (value, encoded) => {
    expect(percentEncode(value)).toBe(encoded);
  });
});

describe('base string URI (RFC 5849 §3.4.1.2)', () => {
  it('lower-cases scheme and host and drops the default port and the query', () => {
    expect(baseStringUri('HTTP://EXAMPLE.COM:80/r%20v/X?id=123')).toBe(
      'http://example.com/r%20v/X',
    );
    expect(baseStringUri('https://www.example.net:8080/?q=1')).toBe(
      'https://www.example.net:8080/',
    );
    expect(baseStringUri('https://tool.example:443/launch')).toBe('https://tool.example/launch');
  });
});

describe('signature base string', () => {
  it('matches the RFC 5849 §3.4.1.1 example', () => {
    const url = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
    const body: OAuthParam[] = [...new URLSearchParams('c2&a3=2+q')];
    const header: OAuthParam[] = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
    ];
    expect(signatureBaseString('post', url, [...header, ...body, ...queryParams(url)])).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26' +
        'b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26' +
        'oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26' +
        'oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('sorts by encoded name, then by value, and leaves oauth_signature out', () => {
    expect(
      normalizeParams([
        ['b', '2'],
        ['a', 'z'],
        ['a', 'y'],
        ['oauth_signature', 'x'],
        ['a b', '1'],
      ]),
    ).toBe('a=y&a=z&a%20b=1&b=2');
  });
});

describe('HMAC-SHA1 signature', () => {
  it('matches the OAuth Core 1.0 photos.example.net example', () => {
    const url = 'http://photos.example.net/photos?file=vacation.jpg&size=original';
    const params: OAuthParam[] = [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1191242096'],
      ['oauth_nonce', 'kllo9940pd9333jh'],
      ['oauth_version', '1.0'],
      ...queryParams(url),
    ];
    const base = signatureBaseString('GET', url, params);
    expect(base).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26' +
        'oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26' +
        'oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26' +
        'oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    );
    expect(hmacSha1(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe(
      'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
    );
  });

  it('encodes the secret in the key (enc(secret)&)', () => {
    const expected = createHmac('sha1', 'a%26b%20c&').update('base').digest('base64');
    expect(hmacSha1('base', 'a&b c')).toBe(expected);
  });
});

describe('signed forms: sign → verify', () => {
  const url = 'https://tool.example/launch?course=7&mode=a+b';
  const now = new Date('2026-03-15T12:00:00.000Z');
  const fields = { resource_link_id: 'rl-1', user_id: 'u 1', note: 'Dogs, Cats & Mice ☃' };
  const signed = signForm({ url, fields, consumerKey: 'key', secret: 's3cret&more', now });
  const verify = (form: Record<string, string>, secret = 's3cret&more', at = url) =>
    verifySignature({
      method: 'POST',
      url: at,
      params: [...Object.entries(form), ...queryParams(at)],
      signature: form.oauth_signature ?? '',
      secret,
    });

  it('adds the OAuth 1.0a fields', () => {
    expect(signed).toMatchObject({
      ...fields,
      oauth_consumer_key: 'key',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: String(now.getTime() / 1000),
      oauth_version: '1.0',
      oauth_callback: 'about:blank',
    });
    expect(signed.oauth_nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(signed.oauth_signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('verifies with the same secret, URL and fields', () => {
    expect(verify(signed)).toBe(true);
  });

  it('fails on a tampered field, an added field, a wrong secret, another query or signature', () => {
    expect(verify({ ...signed, user_id: 'u 2' })).toBe(false);
    expect(verify({ ...signed, roles: 'Instructor' })).toBe(false);
    expect(verify(signed, 's3cret')).toBe(false);
    expect(verify(signed, 's3cret&more', 'https://tool.example/launch?course=8&mode=a+b')).toBe(
      false,
    );
    expect(verify(signed, 's3cret&more', 'https://other.example/launch?course=7&mode=a+b')).toBe(
      false,
    );
    // Change the first character to another one (a fixed replacement would equal it one time in 64).
    const signature = signed.oauth_signature!;
    const changed = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verify({ ...signed, oauth_signature: changed })).toBe(false);
    expect(verify({ ...signed, oauth_signature: '' })).toBe(false);
  });

  it('uses a fresh nonce on every call', () => {
    const again = signForm({ url, fields, consumerKey: 'key', secret: 's3cret&more', now });
    expect(again.oauth_nonce).not.toBe(signed.oauth_nonce);
    expect(again.oauth_signature).not.toBe(signed.oauth_signature);
  });
});

describe('OAuth body hash', () => {
  it('is base64(SHA-1(body)) as in the OAuth Request Body Hash example', () => {
    expect(bodyHash('Hello World!')).toBe('Lve95gjOVATpfV8EL5X4nxwjKHE=');
    expect(bodyHash('')).toBe('2jmj7l5rSw0yVb/vlWAYkK/YBwk=');
    expect(bodyHash('Hello World!')).not.toBe(bodyHash('Hello World?'));
  });
});

describe('Authorization header', () => {
  it('parses and percent-decodes the parameters, realm included', () => {
    const header =
      'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2",\n  oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D",oauth_nonce="a%20b"';
    expect(Object.fromEntries(parseAuthorizationHeader(header)!)).toEqual({
      realm: 'Example',
      oauth_consumer_key: '9djdj82h48djs9d2',
      oauth_signature: 'bYT5CMsGcbgUdFHObYMEfcx6bsw=',
      oauth_nonce: 'a b',
    });
  });

  it.each([
    [undefined],
    [''],
    ['Bearer abc'],
    ['OAuth'],
    ['OAuth oauth_nonce=unquoted'],
    ['OAuth oauth_nonce="a", oauth_nonce="b"'],
    ['OAuth oauth_nonce="%E0%A4%A"'],
  ])('refuses %j', (header) => {
    expect(parseAuthorizationHeader(header)).toBeNull();
  });
});

describe('safeEqual', () => {
  it('compares whole strings', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
