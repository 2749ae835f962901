import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Who is "at the machine that runs the shop": the one rule behind the mail outbox for guests and
 * `/metrics` without METRICS_TOKEN (docs/decisions/0006), walked through both, with and without
 * TRUST_PROXY.
 */

let direct: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  direct = await createTestApp({ trustProxy: false });
  behindProxy = await createTestApp({ trustProxy: true });
});

afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
});

const AWAY = '203.0.113.9';

interface Case {
  label: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
  /** Whether the request is from the machine, without and with TRUST_PROXY. */
  local: [boolean, boolean];
}

const CASES: Case[] = [
  { label: 'loopback, straight', local: [true, true] },
  { label: 'IPv6 loopback', remoteAddress: '::1', local: [true, true] },
  { label: 'IPv4-mapped loopback', remoteAddress: '::ffff:127.0.0.1', local: [true, true] },
  { label: 'a loopback socket naming [::1]', headers: { host: '[::1]:3000' }, local: [true, true] },
  { label: 'another machine', remoteAddress: AWAY, local: [false, false] },
  {
    label: 'another machine claiming loopback',
    remoteAddress: AWAY,
    headers: { 'x-forwarded-for': '127.0.0.1' },
    local: [false, false],
  },
  { label: 'another host name (DNS rebinding)', headers: { host: 'evil.example' }, local: [false, false] },
  {
    label: 'a proxy for a visitor (X-Forwarded-For)',
    headers: { 'x-forwarded-for': AWAY },
    local: [false, false],
  },
  {
    label: 'a proxy for a visitor (Forwarded)',
    headers: { forwarded: `for=${AWAY};proto=https` },
    local: [false, false],
  },
  { label: 'a proxy for a visitor (X-Real-IP)', headers: { 'x-real-ip': AWAY }, local: [false, false] },
  {
    label: 'a proxy appending to a forged loopback hop',
    headers: { 'x-forwarded-for': `127.0.0.1, ${AWAY}` },
    local: [false, false],
  },
  {
    label: 'a visitor behind a loopback hop',
    headers: { 'x-forwarded-for': `${AWAY}, 127.0.0.1` },
    local: [false, false],
  },
  {
    label: 'X-Forwarded-For of loopback beside X-Real-IP of a visitor',
    headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': AWAY },
    local: [false, false],
  },
  {
    label: 'a proxy for loopback (X-Forwarded-For)',
    headers: { 'x-forwarded-for': '127.0.0.1' },
    local: [false, true],
  },
  {
    label: 'a proxy for loopback (Forwarded)',
    headers: { forwarded: 'for="[::1]:51234"' },
    local: [false, true],
  },
  { label: 'a proxy for loopback (X-Real-IP)', headers: { 'x-real-ip': '127.0.0.1' }, local: [false, true] },
  {
    label: 'a proxy for loopback under a public name',
    headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'shop.example.com' },
    local: [false, false],
  },
  {
    label: 'Forwarded for loopback under a public name',
    headers: { forwarded: 'for=127.0.0.1;host=shop.example.com' },
    local: [false, false],
  },
  { label: 'an empty X-Forwarded-For', headers: { 'x-forwarded-for': '' }, local: [false, false] },
  { label: 'Forwarded naming no client', headers: { forwarded: 'proto=https' }, local: [false, false] },
  { label: 'Forwarded for an unknown client', headers: { forwarded: 'for=unknown' }, local: [false, false] },
];

function call(app: TestApp, url: string, item: Case) {
  return app.app.inject({
    method: 'GET',
    url,
    remoteAddress: item.remoteAddress ?? '127.0.0.1',
    headers: item.headers,
  });
}

describe.each([
  ['without TRUST_PROXY', 0],
  ['with TRUST_PROXY', 1],
] as const)('at the machine, %s', (_label, trusted) => {
  const app = () => (trusted ? behindProxy : direct);

  it.each(CASES)('/metrics: $label', async (item) => {
    const response = await call(app(), '/metrics', item);
    expect(response.statusCode).toBe(item.local[trusted] ? 200 : 404);
    if (!item.local[trusted]) expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each(CASES)('the whole mail outbox for a guest: $label', async (item) => {
    const response = await call(app(), '/api/dev/outbox', item);
    expect(response.statusCode).toBe(item.local[trusted] ? 200 : 401);
    if (!item.local[trusted]) expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});
