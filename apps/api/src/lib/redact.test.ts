import { describe, expect, it } from 'vitest';
import { redactLogged, redactSecrets, withoutQueryParameters } from './redact';

describe('redactSecrets', () => {
  it.each([
    [
      '/api/auth/reset-password/uV39zKmk?callbackURL=%2Frestore-password',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Frestore-password',
    ],
    ['/restore-password?token=uV39zKmk', '/restore-password?token=[redacted]'],
    ['/cart?recover=YWJj.ZGVm', '/cart?recover=[redacted]'],
    [
      '/api/auth/verify-email?token=eyJ.a-b_c&callbackURL=%2Fverify-email',
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fverify-email',
    ],
    [
      '/api/auth/callback/google?code=6b72&state=lKOB2m&iss=x',
      '/api/auth/callback/google?code=[redacted]&state=[redacted]&iss=x',
    ],
    [
      '/order-completed?provider=stripe&order=o1&session_id=cs_1',
      '/order-completed?provider=stripe&order=o1&session_id=[redacted]',
    ],
    [
      '/api/paypal/execute-payment?token=EC-1&PayerID=P1&order=o1',
      '/api/paypal/execute-payment?token=[redacted]&PayerID=P1&order=o1',
    ],
    ['/test-gateway/test_stripe_0f', '/test-gateway/[redacted]'],
    ['/api/test-gateway/payments/test_paypal_0f/pay', '/api/test-gateway/payments/[redacted]/pay'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    [
      '/x?access_token=abc&client_secret=def&password=ghi',
      '/x?access_token=[redacted]&client_secret=[redacted]&password=[redacted]',
    ],
    ['/x?token[]=abc', '/x?token[]=[redacted]'],
    ['/login?redirect=%2Frestore-password%3Ftoken%3Dabc', '/login?redirect=[redacted]'],
    ['code=abc&grant_type=authorization_code', 'code=[redacted]&grant_type=authorization_code'],
    ['Route GET:/api/nope?token=abc not found', 'Route GET:/api/nope?token=[redacted] not found'],
    ['Auth failed on /reset-password/abc: 500 boom', 'Auth failed on /reset-password/[redacted]: 500 boom'],
    [
      'Invalid redirect URL: https://evil.example/?token=abc',
      'Invalid redirect URL: https://evil.example/?token=[redacted]',
    ],
  ])('redacts %s', (text, redacted) => {
    expect(redactSecrets(text)).toBe(redacted);
  });

  it.each([
    '/api/products?search=air%20max&page=2&orderBy=%7B%22price%22%3A1%7D',
    '/api/orders/export.csv?from=2024-01-01&to=2024-12-31',
    '/home/11111111-1111-4111-8111-111111111111',
    '/api/auth/reset-password',
    'GET /api/health 200 1.2 ms',
    'a = b',
  ])('leaves %s as it is', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactLogged', () => {
  it('redacts the strings and the secret fields of objects, arrays and errors, and copies only what changed', () => {
    const date = new Date(0);
    const plain = { method: 'GET', at: date, list: ['a', 'b'] };
    expect(redactLogged(plain)).toBe(plain);
    const error = Object.assign(new Error('bad /x?token=abc'), {
      code: 'state_mismatch',
      details: { state: 's1' },
    });
    expect(
      redactLogged([
        { url: '/x?code=1', headers: { authorization: 'Bearer t', cookie: 'c=1', accept: '*/*' } },
        error,
      ]),
    ).toEqual([
      {
        url: '/x?code=[redacted]',
        headers: { authorization: '[redacted]', cookie: '[redacted]', accept: '*/*' },
      },
      expect.objectContaining({
        type: 'Error',
        message: 'bad /x?token=[redacted]',
        code: 'state_mismatch',
        details: { state: '[redacted]' },
      }),
    ]);
    expect((redactLogged({ at: date, url: '/x?code=1' }) as { at: Date }).at).toBe(date);
  });
});

describe('a failed query in the log', () => {
  const sql = 'select "user_id" from "session" where "session"."token" = $1';

  it("keeps Drizzle's statement and leaves out its values, in the message, the stack and the fields", () => {
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), {
      query: sql,
      params: ['tok_cause_1'],
      queryOptions: { rowMode: 'array' },
    });
    const failed = Object.assign(new Error(`Failed query: ${sql}\nparams: tok_secret_1,test_stripe_0f`), {
      query: sql,
      params: ['tok_secret_1', 'test_stripe_0f'],
      cause,
    });
    const logged = JSON.stringify(redactLogged(failed));
    expect(logged).toContain('Failed query: select');
    expect(logged).toContain('Connection terminated unexpectedly');
    for (const value of ['tok_secret_1', 'test_stripe_0f', 'tok_cause_1', 'params', 'rowMode'])
      expect(logged).not.toContain(value);
  });

  it('cuts values that span lines, up to the first frame of the stack', () => {
    const stack = `Error: Failed query: ${sql}\nparams: line one,\nline two\n    at run (db.ts:1:1)`;
    expect(withoutQueryParameters(stack)).toBe(`Error: Failed query: ${sql}\n    at run (db.ts:1:1)`);
    expect(redactSecrets(`Failed query: ${sql}\nparams: abc`)).toBe(`Failed query: ${sql}`);
    expect(withoutQueryParameters('no values here')).toBe('no values here');
  });
});
