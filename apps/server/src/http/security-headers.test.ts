// Security headers, proxy trust and metrics exposure over real HTTP: what every response carries, what the
// server-rendered pages carry instead, and what an attacker's forged headers cannot change.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseFrameAncestors, parseTrustProxy } from '../config.ts';
import { createTestApp, cspDirectives, type TestApp } from '../test/test-app.ts';
import { testDialects } from '../test/test-databases.ts';
import { startMetricsServer } from './metrics.ts';

const HOST = { host: 'localhost:3000' };

describe.each(await testDialects())('on %s', (dialect) => {
  describe('security headers', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { startWorker: false });
    });
    afterAll(() => testApp.close());

    it('gives every response a CSP without inline script, framing by the portal only, and nosniff', async () => {
      for (const url of ['/api/platform/v1/users/me', '/config-ui/config.json', '/healthz']) {
        const response = await testApp.app.inject({ url, headers: HOST });
        const csp = cspDirectives(response.headers['content-security-policy']);
        expect(csp['script-src'], url).toBe("'self'");
        expect(csp['object-src']).toBe("'none'");
        expect(csp['frame-ancestors']).toBe("'self'");
        expect(csp['default-src']).toBe("'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // Plain http (a local install): no HSTS.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('gives the sign-in page a policy of its own: its style only by a fresh nonce, forms to itself', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 2; i += 1) {
        const response = await testApp.app.inject({ url: '/oidc/logout', headers: HOST });
        expect(response.statusCode).toBe(200);
        const csp = cspDirectives(response.headers['content-security-policy']);
        const nonce = /^'nonce-([^']+)'$/.exec(csp['style-src'] ?? '')?.[1];
        expect(nonce).toBeTruthy();
        expect(response.body).toContain(`<style nonce="${nonce}">`);
        expect(csp['default-src']).toBe("'none'");
        expect(csp['form-action']).toBe("'self'");
        expect(csp['frame-ancestors']).toBe("'self'");
        expect(response.headers['cache-control']).toBe('no-store');
        seen.add(nonce!);
      }
      expect(seen.size).toBe(2);
    });
  });

  describe('security headers of an https portal framed by a configured origin', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, {
        startWorker: false,
        config: {
          publicUrl: 'https://portal.example',
          frameAncestors: ['https://lms.example'],
        },
      });
    });
    afterAll(() => testApp.close());

    it('sends HSTS, allows only https content and lists the framing origin instead of X-Frame-Options', async () => {
      const response = await testApp.app.inject({
        url: '/healthz',
        headers: { host: 'portal.example' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toBe("'self' https://lms.example");
      expect(csp['frame-src']).toBe("'self' https:");
      expect(csp).toHaveProperty('upgrade-insecure-requests');
      expect(response.headers['x-frame-options']).toBeUndefined();
    });
  });

  describe('proxy trust', () => {
    it('is off unless configured, and never "every hop"', () => {
      expect(parseTrustProxy('')).toBe(false);
      expect(parseTrustProxy('2')).toBe(2);
      expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,loopback')).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
        'loopback',
      ]);
      expect(() => parseTrustProxy('true')).toThrow(/every hop/);
      expect(() => parseTrustProxy('evil.example')).toThrow(/TRUST_PROXY/);
      expect(
        loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).trustProxy,
      ).toBe(false);
      expect(parseFrameAncestors('https://lms.example, http://localhost:8080/')).toEqual([
        'https://lms.example',
        'http://localhost:8080',
      ]);
      expect(() => parseFrameAncestors("'unsafe-inline'")).toThrow(/not an origin/);
    });

    async function guessesLimited(trustProxy: false | number): Promise<number> {
      const testApp = await createTestApp(dialect, {
        startWorker: false,
        config: { env: 'production', trustProxy, signInRateLimitPerMinute: 2 },
      });
      try {
        let limited = 0;
        for (let i = 0; i < 30; i += 1) {
          const response = await testApp.app.inject({
            url: '/oidc/login',
            headers: { ...HOST, 'x-forwarded-for': `198.51.100.${i}` },
          });
          if (response.statusCode === 429) limited += 1;
        }
        return limited;
      } finally {
        await testApp.close();
      }
    }

    it('in production, a rotating X-Forwarded-For does not escape the per-address limit', async () => {
      expect(await guessesLimited(false)).toBeGreaterThan(0);
      // Behind one configured proxy the header names the client, so each forged address is its own client.
      expect(await guessesLimited(1)).toBe(0);
    });
  });

  describe('metrics', () => {
    it('are not public: absent from the main listener unless a token is configured', async () => {
      const open = await createTestApp(dialect, { startWorker: false });
      try {
        expect((await open.app.inject({ url: '/metrics', headers: HOST })).statusCode).toBe(404);
      } finally {
        await open.close();
      }
      const token = 'metrics-token-metrics-token';
      const guarded = await createTestApp(dialect, {
        startWorker: false,
        config: { metrics: { port: undefined, host: '127.0.0.1', token } },
      });
      try {
        const refused = await guarded.app.inject({ url: '/metrics', headers: HOST });
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toContain('Bearer');
        const wrong = await guarded.app.inject({
          url: '/metrics',
          headers: { ...HOST, authorization: 'Bearer nope' },
        });
        expect(wrong.statusCode).toBe(401);
        const allowed = await guarded.app.inject({
          url: '/metrics',
          headers: { ...HOST, authorization: `Bearer ${token}` },
        });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.body).toContain('http_request_duration_seconds');
      } finally {
        await guarded.close();
      }
    });

    it('are served on a listener of their own', async () => {
      const testApp = await createTestApp(dialect, { startWorker: false });
      const server = await startMetricsServer(testApp.metrics, { host: '127.0.0.1', port: 0 });
      try {
        const address = server.address();
        if (typeof address !== 'object' || !address) throw new Error('no address');
        const body = await new Promise<string>((resolve, reject) => {
          httpRequest({ host: '127.0.0.1', port: address.port, path: '/metrics' }, (response) => {
            let text = '';
            response.on('data', (chunk) => (text += String(chunk)));
            response.on('end', () => resolve(text));
          })
            .on('error', reject)
            .end();
        });
        expect(body).toContain('process_cpu_user_seconds_total');
      } finally {
        server.close();
        await testApp.close();
      }
    });
  });
});
