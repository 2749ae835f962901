import { startOidcProvider } from '../../apps/api/src/test/oidc-provider';

/** The local OpenID Connect provider that stands in for Google during the journeys. */
const port = Number(process.env.OIDC_PORT ?? 4174);
const provider = await startOidcProvider(port);
provider.signInAs({
  sub: 'google-e2e-1',
  email: 'runner.e2e@gmail.test',
  email_verified: true,
  name: 'Runner E2E',
});
console.log(`OIDC provider ready: ${provider.discoveryUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    provider.stop().finally(() => process.exit(0));
  });
}
