import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { account, auditEvent, dataExport, session, user } from '../../db/schema';
import { mailedLink, ORIGIN, signIn, visit } from '../../test/accounts';
import type { Buyer } from '../../test/buyers';
import { stockedProducts } from '../../test/buyers';
import { createDrop, enter, inMinutes } from '../../test/drops';
import { writeReview } from '../../test/reviews';
import { shipOrder } from '../../test/shipments';
import { buy, type Pick, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { PERSONAL_DATA } from './personal-data-map';

const { app, adminCookie } = testShop({ accounts: true });

type Person = Awaited<ReturnType<typeof verifiedBuyer>>;
type Rows<T> = { rows: T[] };

const ask = (cookie: string) => send(app(), 'POST', '/api/account/export', cookie);
const statusOf = (id: string, cookie: string) => send(app(), 'GET', `/api/account/export/${id}`, cookie);

/** A profile picture uploaded and set, as the profile page does it. */
async function uploadAvatar(person: Person): Promise<void> {
  const boundary = `----export${randomUUID()}`;
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#ff5a1f' } })
    .png()
    .toBuffer();
  const uploaded = await app().inject({
    method: 'POST',
    url: '/api/uploads/avatar',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: ORIGIN,
      cookie: person.cookie,
    },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const image = uploaded.json<{ url: string }>().url;
  const saved = await send(app(), 'PUT', `/api/users/update/${person.id}`, person.cookie, { image });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * A shopper who used every feature: a profile and a picture, an order (shipped, delivered) with a return in
 * progress, a review, a favourite, a back-in-stock alert, a draw entry, store credit and staff's change of
 * their address.
 */
async function everyFeature(): Promise<Person> {
  const [pickId = '', soldOutId = '', dropProductId = ''] = await stockedProducts(
    app(),
    ['Export Runner', 'Export Sold Out', 'Export Drop'],
    5,
  );
  const pick: Pick = { id: pickId, name: 'Export Runner', size: '9', price: 100, units: 5 };
  const person = await verifiedBuyer(app());
  const profile = await send(app(), 'PUT', `/api/users/update/${person.id}`, person.cookie, {
    fullName: 'Ada Copyholder',
    address: '12 Rue des Exports',
    phone: '+33 6 12 34 56 78',
    city: 'Lyon',
    postalCode: '69001',
    country: 'France',
    marketing: 'subscribed',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  await uploadAvatar(person);
  const orderId = await buy(app(), person.cookie, pick);
  await shipOrder(app(), orderId, { deliveredAt: new Date() });
  const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, person.cookie, {
    lines: [{ productId: pick.id, size: '9', count: 1, resolution: 'refund' }],
    reason: 'too_small',
    comment: 'A half size too small.',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  await writeReview(app(), person, pick.id, { rating: 4, description: 'Light and quick.' });
  const liked = await send(app(), 'PUT', `/api/users/addFavorite/${person.id}`, person.cookie, {
    favorite: pick.id,
  });
  expect(liked.statusCode, liked.body).toBe(200);
  await app().db.execute(sql`UPDATE product_stock SET units = 0 WHERE product_id = ${soldOutId}`);
  const alert = await send(app(), 'POST', '/api/stock-alerts', person.cookie, {
    productId: soldOutId,
    size: '9',
  });
  expect(alert.statusCode, alert.body).toBe(201);
  // Staff change their address before they enter the draw (an entry keeps the address it was made from).
  const moved = await send(app(), 'PUT', `/api/users/update/${person.id}`, adminCookie(), {
    address: '14 Rue des Exports',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const draw = await createDrop(app(), adminCookie(), {
    productId: dropProductId,
    mode: 'draw',
    releaseAt: inMinutes(90),
    entryClosesAt: inMinutes(60),
  });
  const entered = await enter(app(), person as Buyer, draw.id, '9');
  expect(entered.statusCode, entered.body).toBe(201);
  const granted = await send(app(), 'POST', `/api/users/${person.id}/credit`, adminCookie(), {
    amount: 5,
    reason: 'Sorry for the wait',
  });
  expect(granted.statusCode, granted.body).toBe(201);
  return person;
}

/**
 * Which rows of a mapped table are the person's, written here from the map's links (and by hand for the
 * tables it says `how` of), apart from the reader's own rules.
 */
function rowsOfPerson(table: string, person: { id: string; email: string; image: string | null }) {
  const entry = PERSONAL_DATA[table];
  if (!entry) throw new Error(table);
  const column = sql.identifier(entry.owner.column);
  if (table === 'media')
    return person.image ? sql`key = ${person.image.replace('/uploads/', '')}` : sql`false`;
  if (table === 'audit_event')
    return sql`subject_id = ${person.id}
      OR subject_id IN (SELECT id::text FROM "order" WHERE user_id = ${person.id})
      OR subject_id IN (SELECT id::text FROM order_return WHERE user_id = ${person.id})`;
  if (table === 'staff_invitation')
    return sql`lower(email) = lower(${person.email}::text) OR accepted_by = ${person.id}`;
  if (entry.owner.how) return sql`false`;
  if (entry.owner.via) {
    const via = PERSONAL_DATA[entry.owner.via];
    return sql`${column} IN (SELECT id FROM ${sql.identifier(entry.owner.via)}
      WHERE ${sql.identifier(via?.owner.column ?? '')} = ${person.id})`;
  }
  return sql`${column} = ${person.id}`;
}

/** The person's values of one column in the database, each as PostgreSQL's JSON writes it (bytes in base64). */
async function valuesIn(
  table: string,
  column: string,
  person: { id: string; email: string; image: string | null },
) {
  const types = (await app().db.execute(sql`
    SELECT data_type AS type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`)) as unknown as Rows<{
    type: string;
  }>;
  const name = sql.identifier(column);
  const read =
    types.rows[0]?.type === 'bytea' ? sql`translate(encode(${name}, 'base64'), chr(10), '')` : name;
  const result = (await app().db.execute(sql`
    SELECT row_to_json(found)::text AS row
    FROM (SELECT ${read} AS value FROM ${sql.identifier(table)} WHERE ${rowsOfPerson(table, person)}) AS found`)) as unknown as Rows<{
    row: string;
  }>;
  return result.rows
    .map(({ row }) => (JSON.parse(row) as { value: unknown }).value)
    .filter((value) => value !== null);
}

/** Unzips an archive answer into its files, as text. */
function unzipped(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/** Asks for a copy, waits for the job, and answers its status, archive files and data.json. */
async function exported(app: FastifyInstance, person: Person) {
  const asked = await ask(person.cookie);
  expect(asked.statusCode, asked.body).toBe(202);
  const { id } = asked.json<{ id: string }>();
  await app.jobs.settled(30_000);
  const status = await statusOf(id, person.cookie);
  expect(status.statusCode, status.body).toBe(200);
  return { id, status: status.json<{ state: string; url: string; expiresAt: string }>() };
}

describe('a copy of a person’s data', () => {
  it('holds every value the map exports of a person built through every feature, and nothing it keeps back', async () => {
    const person = await everyFeature();
    const { id, status } = await exported(app(), person);
    expect(status.state).toBe('ready');
    const expiresAt = new Date(status.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    // The link e-mailed is the status's link.
    const link = await mailedLink(app(), person.email, `/api/account/export/${id}/archive`);
    expect(link.toString()).toBe(status.url);
    const download = await visit(app(), link);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="sneaker-shop-data-${new Date().toISOString().slice(0, 10)}.zip"`,
    );
    expect(download.headers['cache-control']).toBe('private, no-store');
    const files = unzipped(download.rawPayload);
    const data = JSON.parse(files['data.json'] ?? '{}') as {
      generatedAt: string;
      person: { id: string };
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(data.person).toEqual({ id: person.id });
    expect(Number.isNaN(Date.parse(data.generatedAt))).toBe(false);

    // Every exported column's every value of the person is in data.json, as the database holds it.
    const [profile] = await app()
      .db.select({ id: user.id, email: user.email, image: user.image })
      .from(user)
      .where(eq(user.id, person.id));
    if (!profile) throw new Error('no profile');
    const missing: string[] = [];
    const found = new Set<string>();
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      for (const [column, mapped] of Object.entries(entry.columns)) {
        if (!mapped.export) continue;
        const rows = data.tables[table] ?? [];
        for (const value of await valuesIn(table, column, profile)) {
          found.add(`${table}.${column}`);
          if (!rows.some((row) => JSON.stringify(row[column]) === JSON.stringify(value)))
            missing.push(`${table}.${column}: ${JSON.stringify(value).slice(0, 80)}`);
        }
      }
    }
    expect(missing).toEqual([]);
    // The person is built so that the test finds what each feature keeps of them.
    // Pictures are in the media table on PostgreSQL (on the embedded database they are files).
    const pictures = app().config.database.kind === 'postgres' ? ['media.key', 'media.bytes'] : [];
    for (const column of [
      ...pictures,
      'user.email',
      'user.full_name',
      'user.phone',
      'user.image',
      'order.ship_to',
      'order_return.comment',
      'review.description',
      'credit_entry.reason',
      'drop_entry.address_key',
      'drop_entry.phone_key',
      'drop_entry.ship_to',
      'session.ip_address',
      'shipment.tracking_number',
      'audit_event.after',
    ])
      expect(found.has(column), column).toBe(true);
    for (const table of [
      'order',
      'order_item',
      'payment_entry',
      'order_return',
      'return_line',
      'favorite',
      'stock_alert',
      'marketing_consent',
      'credit_account',
      'credit_entry',
      'drop_entry',
      'data_export',
    ])
      expect(data.tables[table]?.length ?? 0, table).toBeGreaterThan(0);

    // Nothing the map keeps back leaves: no such column, no secret's value.
    const leaked = Object.entries(data.tables).flatMap(([table, rows]) =>
      Object.entries(PERSONAL_DATA[table]?.columns ?? {})
        .filter(([column, mapped]) => !mapped.export && rows.some((row) => column in row))
        .map(([column]) => `${table}.${column}`),
    );
    expect(leaked).toEqual([]);
    expect(Object.keys(data.tables)).not.toContain('verification');
    expect(Object.keys(data.tables)).not.toContain('rate_limit');
    const secrets = [
      ...(await app().db.select({ value: session.token }).from(session).where(eq(session.userId, person.id))),
      ...(await app()
        .db.select({ value: account.password })
        .from(account)
        .where(eq(account.userId, person.id))),
    ].flatMap(({ value }) => (value ? [value] : []));
    expect(secrets.length).toBeGreaterThan(0);
    const archiveText = Object.values(files).join('\n');
    for (const secret of secrets) expect(archiveText).not.toContain(secret);

    // A CSV per table with rows (its header the row's columns), and a README naming each.
    for (const [table, rows] of Object.entries(data.tables)) {
      if (rows.length === 0) {
        expect(files[`${table}.csv`], table).toBeUndefined();
        continue;
      }
      const csv = files[`${table}.csv`];
      expect(csv, table).toBeDefined();
      expect(csv?.split('\r\n')[0]).toBe(Object.keys(rows[0] ?? {}).join(','));
      expect(files['README.txt']).toContain(`${table}.csv`);
    }
    expect(files['README.txt']).toMatch(/works for 24 hours/);
    expect(files['README.txt']).toContain(PERSONAL_DATA.order?.why ?? 'no why');
    expect(files['order_return.csv']).toContain('A half size too small.');
  });

  it('is one copy an hour: a second request is refused with 429, two at once make one', async () => {
    const person = await verifiedBuyer(app());
    const [first, second] = await Promise.all([ask(person.cookie), ask(person.cookie)]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([202, 429]);
    const again = await ask(person.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(again.json().error.message).toMatch(/one copy an hour/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
    const rows = await app().db.select().from(dataExport).where(eq(dataExport.userId, person.id));
    expect(rows).toHaveLength(1);
    await app().jobs.settled(30_000);
  });

  it('shows a copy only to whoever asked for it, and refuses a bad link or input', async () => {
    const person = await verifiedBuyer(app());
    const other = await verifiedBuyer(app());
    const { id, status } = await exported(app(), person);
    expect((await statusOf(id, other.cookie)).statusCode).toBe(404);
    expect((await statusOf(id, adminCookie())).statusCode).toBe(404);
    expect((await statusOf(randomUUID(), person.cookie)).statusCode).toBe(404);
    expect((await send(app(), 'GET', `/api/account/export/${id}`)).statusCode).toBe(401);
    const bad = await send(app(), 'GET', '/api/account/export/not-an-id', person.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');

    const url = new URL(status.url);
    const wrong = await app().inject({ method: 'GET', url: `${url.pathname}?token=${'A'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('NOT_FOUND');
    const elsewhere = await app().inject({
      method: 'GET',
      url: `/api/account/export/${randomUUID()}/archive${url.search}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const malformed = await app().inject({ method: 'GET', url: `${url.pathname}?token=short` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('token');
    const none = await app().inject({ method: 'GET', url: url.pathname });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('token');
  });

  it('answers expired once the link ran out, and the privacy job empties the archive', async () => {
    const person = await verifiedBuyer(app());
    const { id, status } = await exported(app(), person);
    await app()
      .db.update(dataExport)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExport.id, id));
    expect((await statusOf(id, person.cookie)).json()).toEqual({ state: 'expired' });
    expect((await visit(app(), new URL(status.url))).statusCode).toBe(404);
    await app().jobs.send('privacy', {});
    await app().jobs.settled(30_000);
    const [row] = await app().db.select().from(dataExport).where(eq(dataExport.id, id));
    expect(row).toMatchObject({ state: 'ready', archive: null });
    expect((await statusOf(id, person.cookie)).json()).toEqual({ state: 'expired' });
  });

  it('goes with the person when they are erased', async () => {
    const person = await verifiedBuyer(app());
    await exported(app(), person);
    const erased = await send(app(), 'DELETE', '/api/account', person.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await app().db.select().from(dataExport).where(eq(dataExport.userId, person.id))).toEqual([]);
  });
});

describe('the API document', () => {
  it('describes the four routes, the archive as a ZIP', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    }>();
    expect(document.paths['/api/account/export']?.post?.responses).toHaveProperty('202');
    expect(document.paths['/api/account/export/{id}']?.get?.responses).toHaveProperty('200');
    expect(document.paths['/api/users/{id}/export']?.post?.responses).toHaveProperty('202');
    const archive = document.paths['/api/account/export/{id}/archive']?.get?.responses['200'];
    expect(Object.keys(archive?.content ?? {})).toContain('application/zip');
  });
});

describe('staff export a person’s data', () => {
  it('needs users.read and a fresh second factor, e-mails the link to the staff member, and is audited without the person', async () => {
    const person = await verifiedBuyer(app());
    const { admin } = app().config.accounts;
    const asked = await send(app(), 'POST', `/api/users/${person.id}/export`, adminCookie());
    expect(asked.statusCode, asked.body).toBe(202);
    const { id } = asked.json<{ id: string }>();
    await app().jobs.settled(30_000);

    const status = await statusOf(id, adminCookie());
    expect(status.json()).toMatchObject({ state: 'ready' });
    expect((await statusOf(id, person.cookie)).statusCode).toBe(404);
    const link = await mailedLink(app(), admin.email, `/api/account/export/${id}/archive`);
    const download = await visit(app(), link);
    expect(download.statusCode).toBe(200);
    const data = JSON.parse(unzipped(download.rawPayload)['data.json'] ?? '{}');
    expect(data.tables.user[0].email).toBe(person.email);

    const [event] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'user.export'), eq(auditEvent.subjectId, person.id)));
    expect(event).toMatchObject({ subjectType: 'user', before: null, after: { exportId: id } });
    expect(JSON.stringify(event)).not.toContain(person.email);

    // The person's hour counts whoever asked.
    expect((await ask(person.cookie)).statusCode).toBe(429);
  });

  it('refuses a shopper, a session not stepped up, an unknown person and a malformed id', async () => {
    const person = await verifiedBuyer(app());
    const shopper = await verifiedBuyer(app());
    const refused = await send(app(), 'POST', `/api/users/${person.id}/export`, shopper.cookie);
    expect(refused.statusCode).toBe(403);
    const { admin } = app().config.accounts;
    const fresh = await signIn(app(), admin.email, admin.password);
    const notSteppedUp = await send(app(), 'POST', `/api/users/${person.id}/export`, fresh);
    expect(notSteppedUp.statusCode).toBe(403);
    expect(notSteppedUp.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await send(app(), 'POST', `/api/users/${randomUUID()}/export`, adminCookie())).statusCode).toBe(
      404,
    );
    const bad = await send(app(), 'POST', '/api/users/not-an-id/export', adminCookie());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
    expect(await app().db.select().from(dataExport).where(eq(dataExport.userId, person.id))).toEqual([]);
  });
});
