import { DATA_EXPORT_LINK_HOURS } from '@shop/contracts';
import { strToU8, zipSync } from 'fflate';
import type { PersonalRows } from '../../db/personal-rows';
import { type CsvValue, csvRow } from '../../lib/csv';
import { PERSONAL_DATA } from './personal-data-map';

/**
 * The archive of a copy of a person's data (issue 40): a ZIP holding `data.json` (every table's rows of the
 * person), a CSV file per table that holds any, and README.txt, which says what each file holds (each
 * table's and column's reason from the personal-data map) and that the link expires.
 */

/** What each table holds, in the person's words; a table not named here goes by its name. */
const TITLES: Readonly<Record<string, string>> = {
  user: 'Your account and profile: names, e-mail, address, phone, sizes, when it was made',
  account: 'How you sign in (with a password or with Google); never the password itself',
  passkey: 'Your passkeys',
  session: 'Your sessions: when they started and ended, from which address and browser',
  known_device: 'The browsers and systems you signed in from',
  media: 'Your profile picture (bytes: the picture itself, in base64)',
  marketing_consent: 'Your consent to marketing e-mails, and each change of it',
  favorite: 'Your favourites',
  stock_alert: 'Your back-in-stock alerts',
  review: 'Your reviews',
  order: 'Your orders: amounts, state, dates and the address they went to',
  order_item: 'The lines of your orders',
  payment_entry: 'The payments and refunds of your orders',
  credit_note: 'The credit notes of your refunds',
  promotion_use: 'The discount codes you used',
  order_return: "Your returns, with your words and the shop's",
  return_line: 'The lines of your returns',
  shipment: 'The parcels of your orders',
  shipment_line: 'What each parcel held',
  credit_account: 'Your store credit balance',
  credit_entry: 'Every movement of your store credit',
  drop_entry: 'Your draw entries and their results',
  drop_notify: 'The drops you asked to be told about',
  drop_ticket: "Your places in drops' waiting rooms",
  erasure: 'Your request to erase your account, if you made one',
  data_export: 'The copies of your data you asked for (this one included)',
  audit_event: "What the shop's staff did to your account, your orders and your returns",
  staff_invitation: "Invitations to join the shop's staff sent to you",
};

/** A cell of a CSV file: JSON values (an address, a list) as their JSON text. */
const cell = (value: unknown): CsvValue =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : JSON.stringify(value);

/** One table as CSV: a header row of its columns, then a row per record. */
export function tableCsv(table: PersonalRows): string {
  return [
    csvRow(table.columns),
    ...table.rows.map((row) => csvRow(table.columns.map((column) => cell(row[column])))),
  ].join('');
}

/** What an erasure does to a table's rows and to a column, in the person's words. */
const ON_ERASURE = {
  delete: 'deleted',
  keep: 'kept',
  anonymise: 'replaced',
  clear: 'emptied',
} as const;

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** README.txt: what the archive is, what each file holds, and for how long the link works. */
export function readme(tables: PersonalRows[], generatedAt: Date): string {
  const lines = [
    'SNEAKER SHOP: A COPY OF YOUR DATA',
    '',
    `Prepared on ${generatedAt.toISOString()} (UTC). It holds everything Sneaker Shop keeps about you: your`,
    'account and profile, addresses, orders with their lines and payments, returns, reviews, favourites,',
    'alerts, draw entries and their results, store credit, consents, sessions, and what staff did about you.',
    'Secrets (passwords, tokens, second-factor secrets) and other people are left out.',
    '',
    `The link that gave you this archive works for ${DATA_EXPORT_LINK_HOURS} hours after it was prepared; then the`,
    'shop deletes the archive. You can ask for a new copy from the Profile page of your account (one an hour).',
    '',
    'FILES',
    '',
    'README.txt: this file.',
    'data.json: all of it in one JSON file: { generatedAt, person: { id }, tables: { <table>: [rows] } }.',
    'Instants are in ISO 8601 with their offset; amounts are in cents where the column name ends in _cents.',
    'Below each table: what becomes of it if you ask the shop to erase your data, and why.',
  ];
  for (const table of tables) {
    const entry = PERSONAL_DATA[table.table];
    const count = `${table.rows.length} ${table.rows.length === 1 ? 'row' : 'rows'}`;
    lines.push(
      '',
      table.rows.length > 0
        ? `${table.table}.csv (${count}): ${TITLES[table.table] ?? table.table}.`
        : `${table.table} (no rows, so no CSV file): ${TITLES[table.table] ?? table.table}.`,
    );
    if (entry?.why) lines.push(`  ${capitalised(ON_ERASURE[entry.rows])} if you are erased: ${entry.why}.`);
    for (const column of table.columns) {
      const mapped = entry?.columns[column];
      if (mapped?.why)
        lines.push(`  ${column} (${ON_ERASURE[mapped.erase]} if you are erased): ${mapped.why}.`);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The ZIP archive of the person's rows. */
export function exportArchive(userId: string, tables: PersonalRows[], generatedAt: Date): Buffer {
  const data = {
    generatedAt: generatedAt.toISOString(),
    person: { id: userId },
    tables: Object.fromEntries(tables.map((table) => [table.table, table.rows])),
  };
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(readme(tables, generatedAt)),
    'data.json': strToU8(JSON.stringify(data, null, 2)),
  };
  for (const table of tables)
    if (table.rows.length > 0) files[`${table.table}.csv`] = strToU8(tableCsv(table));
  const zipped = zipSync(files, { level: 6, mtime: generatedAt });
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
