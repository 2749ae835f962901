import { DATA_EXPORT_STATES } from '@shop/contracts';
import { check, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../checks';
import { createdAt, idKey, ownedBy, stamp, uuidRef } from './columns';
import { user } from './users';

/** node-postgres reads a bytea as a Buffer, PGlite as a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The privacy module's table (issue 40): each copy of a person's data asked for ("Download my data"), by
 * the person or by staff for them. The archive (a ZIP) is kept from `ready_at` to `expires_at` (24 hours),
 * then emptied; the row stays, so the person's last request is still known (one per hour).
 */
export const dataExport = pgTable(
  'data_export',
  {
    id: idKey(),
    /** Whose data it is. */
    userId: ownedBy('user_id', () => user.id),
    /** The member of staff who asked for it (and is e-mailed the link); null when the person asked. */
    requestedBy: uuidRef('requested_by', () => user.id, 'set null'),
    state: text('state', { enum: DATA_EXPORT_STATES }).notNull().default('preparing'),
    /** The ZIP archive: null until it is ready, and again once its link has expired. */
    archive: bytea('archive'),
    sizeBytes: integer('size_bytes'),
    createdAt: createdAt(),
    readyAt: stamp('ready_at'),
    /** `ready_at` plus 24 hours: the link works until then. */
    expiresAt: stamp('expires_at'),
  },
  (t) => [
    check('data_export_state_valid', oneOf(t.state, DATA_EXPORT_STATES)),
    index('data_export_user_idx').on(t.userId, t.createdAt),
  ],
);
