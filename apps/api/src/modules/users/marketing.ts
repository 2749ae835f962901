import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MarketingSource } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './users.repository';

/**
 * Marketing consent (issue 40, docs/decisions/0039): a person's yes or no to marketing e-mail, kept with
 * its history, and the one-click unsubscribe every marketing e-mail carries (RFC 8058). Service e-mail
 * (orders, shipments, returns, accounts, alerts and drops the person asked for) needs none of it.
 */

/** Gives or withdraws the person's consent; answers whether it changed. */
export function setMarketing(
  db: DbOrTx,
  userId: string,
  state: 'subscribed' | 'unsubscribed',
  source: MarketingSource,
): Promise<boolean> {
  return repository.setMarketing(db, userId, {
    state,
    basis: state === 'subscribed' ? 'consent' : null,
    source,
  });
}

const TOKEN_PURPOSE = 'unsubscribe';
const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${TOKEN_PURPOSE}:${userId}`).digest('base64url');

/**
 * The token an unsubscribe link carries: the person's id and its signature. It does not expire: an
 * e-mail's unsubscribe must work for as long as the e-mail is kept.
 */
function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;
}

/** The person a token names, or null for a token the shop did not sign. */
function personOfToken(secret: string, token: string): string | null {
  const [encoded = '', signature = ''] = token.split('.');
  const userId = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The headers of a marketing e-mail to this person (RFC 2369 and RFC 8058): the unsubscribe link, and that
 * a POST to it unsubscribes at once. Answers the link too, for the e-mail's own footer.
 */
export function marketingHeaders(
  siteUrl: string,
  secret: string,
  userId: string,
): { url: string; headers: Record<string, string> } {
  const url = `${siteUrl}/api/unsubscribe?token=${unsubscribeToken(secret, userId)}`;
  return {
    url,
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** What the unsubscribe routes need: the database, and the secret the links are signed with. */
export interface UnsubscribeDeps {
  db: Db;
  secret: string;
}

/** The person an unsubscribe token names: 400 naming `token` for one the shop did not sign, or for nobody any more. */
export async function unsubscriberOf(deps: UnsubscribeDeps, token: string) {
  const userId = personOfToken(deps.secret, token);
  const person = userId ? await repository.findUserById(deps.db, userId) : undefined;
  if (!person || person.banReason === repository.DELETED)
    throw AppError.invalid('token', 'is not an unsubscribe link of this shop');
  return { id: person.id, email: person.email, marketingState: person.marketingState };
}
