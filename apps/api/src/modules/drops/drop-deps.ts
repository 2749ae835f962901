import type { Db } from '../../db/client';
import type { DomainEvents } from '../../events/domain-events';
import type { Jobs } from '../jobs';
import type { Mailer } from '../mail';

/** The drops module's dependencies, built in wiring.ts. */
export interface DropDeps {
  db: Db;
  events: DomainEvents;
  mailer: Mailer;
  jobs: Pick<Jobs, 'send'>;
  siteUrl: string;
  /** Signs proofs of work and admission tokens. */
  secret: string;
  powMaxNumber: number;
}

/** The work a drop's clock calls for: its notices when it opens, and a draw at the entry's close. */
export type DropJob = { kind: 'notice' | 'draw' | 'lapse' | 'announce'; dropId: string };
