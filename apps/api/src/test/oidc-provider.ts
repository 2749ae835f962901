import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcProvider {
  discoveryUrl: string;
  /** The person who "signs in" at the provider next. */
  signInAs(profile: OidcProfile): void;
  stop(): Promise<void>;
}

/**
 * A local OpenID Connect provider standing in for Google: its authorize endpoint approves at once and
 * its tokens and userinfo describe whoever `signInAs` chose.
 */
export async function startOidcProvider(port = 0): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  let profile: OidcProfile = {
    sub: 'google-0001',
    email: 'shopper@gmail.test',
    email_verified: true,
    name: 'Shopper',
  };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, profile);
  });
  server.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown>; statusCode: number }) => {
    userInfo.body = { ...profile };
    userInfo.statusCode = 200;
  });
  const issuer = server.issuer.url ?? '';
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signInAs(next) {
      profile = next;
    },
    stop: () => server.stop(),
  };
}
