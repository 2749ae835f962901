import type { DbOrTx } from '../../db/client';
import * as testGateway from './test-gateway.repository';

/** A buyer's erasure (issue 40): the test gateway's payments of their orders stay, without their e-mail. */
export const eraseTestPaymentEmails = (db: DbOrTx, orderIds: string[]) =>
  testGateway.eraseTestPaymentEmails(db, orderIds);
