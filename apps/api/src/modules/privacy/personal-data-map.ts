/**
 * Personal data, mapped once (GDPR export and erasure): every table of db/schema that holds anything about
 * a person, the column that finds a person's rows in it, and what happens to each personal column when
 * the person asks for a copy of their data (`export`) and when they ask to be erased (`erase`). Every
 * other table is in NO_PERSONAL_DATA, with the reason. personal-data-map.test.ts scans the schema and fails
 * when a table is in neither, when a column that looks personal is missing here, or when this map names a
 * table or column the schema no longer has.
 *
 * Erasure, per table (`rows`):
 * - 'delete': the person's rows go (every column of them says 'delete').
 * - 'keep': the rows stay, `why` says what for; each personal column says what becomes of it.
 * Erasure, per column (`erase`):
 * - 'delete': goes with its row (a table whose rows are deleted).
 * - 'anonymise': replaced by a neutral value that keeps the row valid: a placeholder where the column is
 *   required or unique, the personal fields taken out of a JSON value.
 * - 'clear': emptied: '' or null, or the column's default.
 * - 'keep': stays as it is, `why` says why: an accounting record, or an id that names nobody once the user
 *   row it points at is anonymised.
 *
 * The user row itself is anonymised, never deleted, so that what the shop must keep can go on pointing at
 * it: orders and their lines, payments, refunds and credit notes, tax lines and the store credit ledger
 * are accounting records, kept for the statutory period, in which the buyer shows as "Erased customer #n".
 * An id of a person (a user_id, or the staff who acted: decided_by, shipped_by…) therefore stays wherever
 * its row stays.
 *
 * `export` is whether the column goes into the person's copy of their data: never a secret (password
 * hashes, tokens, second-factor secrets), never another person's id. `exportRest` is the same for the
 * table's columns not listed (amounts, dates, states, product ids): not personal by themselves, they are
 * part of the person's record all the same (what they bought, when, for how much).
 */

/** How a row is found from its person: a column holding their user id, else an id of a row of `via`. */
interface PersonLink {
  column: string;
  /** The column holds the id of a row of this (mapped) table, which is tied to the person. */
  via?: string;
  /** How the column leads to the person when it is neither a user id nor a `via` id. */
  how?: string;
}

interface PersonalColumn {
  export: boolean;
  erase: 'delete' | 'anonymise' | 'clear' | 'keep';
  why?: string;
}

interface PersonalTable {
  /** Whose rows these are: erasing this person applies `rows` and `erase`; exporting reads `export`. */
  owner: PersonLink;
  /**
   * Other people a row names (staff who acted on it): not in the owner's export; on their own erasure the
   * id stays, naming their anonymised user row.
   */
  alsoNames?: PersonLink[];
  rows: 'delete' | 'keep';
  /** Why the rows are kept (`rows: 'keep'`). */
  why?: string;
  /** Every column that is personal or ties the row to a person, the owner's and alsoNames' included. */
  columns: Record<string, PersonalColumn>;
  /** Whether the table's other columns go into the owner's export. */
  exportRest: boolean;
  /** Columns the test's scan takes for personal that are not, with the reason. */
  notPersonal?: Record<string, string>;
}

const NAMES_NOBODY = 'names nobody once the user row it points at is anonymised';
const ORDER_RECORD = "part of the order's accounting record";

export const PERSONAL_DATA: Record<string, PersonalTable> = {
  // ── Accounts and signing in (Better Auth's tables and the shop's additions) ──
  user: {
    owner: { column: 'id' },
    rows: 'keep',
    why: 'anonymised, never deleted: the kept orders, ledgers and audit trail point at it',
    columns: {
      id: { export: true, erase: 'keep', why: NAMES_NOBODY },
      name: { export: true, erase: 'anonymise', why: "'Erased customer #n', n the erasure's number" },
      username: { export: true, erase: 'anonymise', why: 'unique and required: erased-<n>' },
      display_username: { export: true, erase: 'anonymise', why: 'the same placeholder' },
      email: { export: true, erase: 'anonymise', why: 'unique and required: erased-<n>@deleted.invalid' },
      image: { export: true, erase: 'clear', why: 'its picture goes from media' },
      full_name: { export: true, erase: 'clear' },
      phone: { export: true, erase: 'clear' },
      address: { export: true, erase: 'clear' },
      city: { export: true, erase: 'clear' },
      state: { export: true, erase: 'clear' },
      postal_code: { export: true, erase: 'clear' },
      country: { export: true, erase: 'clear' },
      my_sizes: { export: true, erase: 'clear', why: 'back to no sizes' },
      ban_reason: {
        export: true,
        erase: 'anonymise',
        why: "becomes 'deleted', the mark of an erased account",
      },
    },
    exportRest: true,
  },
  account: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      account_id: { export: true, erase: 'delete', why: "the person's id at the sign-in provider" },
      provider_id: { export: true, erase: 'delete' },
      password: { export: false, erase: 'delete', why: 'a secret (its hash)' },
      access_token: { export: false, erase: 'delete', why: 'a secret' },
      refresh_token: { export: false, erase: 'delete', why: 'a secret' },
      id_token: {
        export: false,
        erase: 'delete',
        why: "a secret, which also holds the provider's name and e-mail",
      },
    },
    exportRest: false,
  },
  verification: {
    owner: { column: 'value', how: "holds the user's id for a password reset and a two-step sign-in" },
    rows: 'delete',
    columns: {
      value: { export: false, erase: 'delete' },
      identifier: { export: false, erase: 'delete', why: "a one-time link's token, or an e-mail address" },
    },
    exportRest: false,
  },
  two_factor: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      secret: { export: false, erase: 'delete', why: 'a secret' },
      backup_codes: { export: false, erase: 'delete', why: 'secrets (their HMACs)' },
    },
    exportRest: false,
  },
  passkey: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      name: { export: true, erase: 'delete', why: 'the label its owner gave it' },
      credential_id: { export: true, erase: 'delete' },
    },
    exportRest: true,
  },
  session: {
    owner: { column: 'user_id' },
    alsoNames: [{ column: 'impersonated_by', how: 'the member of staff who signed in as the user' }],
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      ip_address: { export: true, erase: 'delete' },
      user_agent: { export: true, erase: 'delete' },
      token: { export: false, erase: 'delete', why: 'a secret' },
      impersonated_by: { export: false, erase: 'delete' },
    },
    exportRest: true,
  },
  known_device: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      device: { export: true, erase: 'delete', why: 'the browser and system: "Chrome on macOS"' },
    },
    exportRest: true,
  },
  media: {
    owner: { column: 'key', how: "a profile picture: the user's image is /uploads/<key> (avatars/…)" },
    rows: 'delete',
    columns: {
      key: { export: true, erase: 'delete' },
      bytes: { export: true, erase: 'delete', why: 'the picture itself, perhaps of a face' },
    },
    exportRest: false,
  },
  rate_limit: {
    owner: { column: 'key', how: "the limit's name, then a user id or an IP address ('checkout:<id>')" },
    rows: 'delete',
    why: 'counters of at most a day: the ones naming the user go at once',
    columns: {
      key: { export: false, erase: 'delete', why: 'a security counter; e-mails in it are hashed' },
    },
    exportRest: false,
  },

  // ── What the shopper keeps in their account ──
  marketing_consent: {
    owner: { column: 'user_id' },
    rows: 'delete',
    why: 'no marketing goes to an erased person: the record of their consent goes with them',
    columns: { user_id: { export: false, erase: 'delete' } },
    exportRest: true,
  },
  favorite: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: { user_id: { export: false, erase: 'delete' } },
    exportRest: true,
  },
  stock_alert: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: { user_id: { export: false, erase: 'delete' } },
    exportRest: true,
  },
  review: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: {
      user_id: { export: false, erase: 'delete' },
      description: { export: true, erase: 'delete', why: "the review, in its writer's words" },
    },
    exportRest: true,
  },

  // ── Orders, payments and refunds: accounting records ──
  order: {
    owner: { column: 'user_id' },
    rows: 'keep',
    why: 'an invoice: kept for the statutory period, its buyer shown as "Erased customer #n"',
    columns: {
      user_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      ship_to: {
        export: true,
        erase: 'anonymise',
        why: 'name, street, city, postal code and phone go; country and state stay, where it was supplied',
      },
    },
    exportRest: true,
    notPersonal: {
      shipping_name: "the shipping method's name, as chosen",
      tax_reason: "the shop's words for why tax was or was not collected",
    },
  },
  order_item: {
    owner: { column: 'order_id', via: 'order' },
    rows: 'keep',
    why: ORDER_RECORD,
    columns: { order_id: { export: false, erase: 'keep', why: ORDER_RECORD } },
    exportRest: true,
    notPersonal: { name: "the product's name, as bought" },
  },
  payment_entry: {
    owner: { column: 'order_id', via: 'order' },
    rows: 'keep',
    why: 'the payments ledger: what was paid and refunded, in which tender',
    columns: { order_id: { export: false, erase: 'keep', why: ORDER_RECORD } },
    exportRest: true,
  },
  credit_note: {
    owner: { column: 'order_id', via: 'order' },
    rows: 'keep',
    why: "a refund's credit note, numbered in the shop's one sequence",
    columns: {
      order_id: { export: false, erase: 'keep', why: ORDER_RECORD },
      rates: { export: true, erase: 'keep', why: 'figures only: the tax refunded per rate' },
    },
    exportRest: true,
  },
  test_payment: {
    owner: { column: 'order_id', via: 'order' },
    rows: 'keep',
    why: "the test gateway's record of the payment, as a provider keeps its own: a refund reads it",
    columns: {
      order_id: { export: false, erase: 'keep', why: ORDER_RECORD },
      email: { export: false, erase: 'anonymise', why: "the buyer's e-mail, as a provider is given it" },
      lines: {
        export: false,
        erase: 'keep',
        why: "the order's lines, shipping, discount and credit: no person",
      },
    },
    exportRest: false,
  },
  promotion_use: {
    owner: { column: 'user_id' },
    rows: 'keep',
    why: "the discount on a kept order, counted in the promotion's figures",
    columns: { user_id: { export: false, erase: 'keep', why: NAMES_NOBODY } },
    exportRest: true,
  },
  order_return: {
    owner: { column: 'user_id' },
    alsoNames: [{ column: 'decided_by' }],
    rows: 'keep',
    why: 'what a refund and its credit note were for',
    columns: {
      user_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      comment: { export: true, erase: 'clear', why: "the buyer's own words" },
      staff_message: { export: true, erase: 'clear', why: "staff's words to the buyer" },
      decided_by: { export: false, erase: 'keep', why: NAMES_NOBODY },
    },
    exportRest: true,
  },
  return_line: {
    owner: { column: 'return_id', via: 'order_return' },
    rows: 'keep',
    why: 'what a refund and its credit note were for',
    columns: { return_id: { export: false, erase: 'keep', why: 'ties the line to its return' } },
    exportRest: true,
    notPersonal: { name: "the product's name, as bought" },
  },
  shipment: {
    owner: { column: 'order_id', via: 'order' },
    alsoNames: [{ column: 'shipped_by' }],
    rows: 'keep',
    why: "the kept order's fulfilment: which parcel left when",
    columns: {
      order_id: { export: false, erase: 'keep', why: ORDER_RECORD },
      tracking_number: {
        export: true,
        erase: 'keep',
        why: 'proof of delivery; the carrier holds the address',
      },
      shipped_by: { export: false, erase: 'keep', why: NAMES_NOBODY },
    },
    exportRest: true,
  },
  shipment_line: {
    owner: { column: 'order_id', via: 'order' },
    rows: 'keep',
    why: "the kept order's fulfilment: which units each parcel held",
    columns: { order_id: { export: false, erase: 'keep', why: ORDER_RECORD } },
    exportRest: true,
  },

  // ── Store credit: the shop's debt to the shopper ──
  credit_account: {
    owner: { column: 'user_id' },
    rows: 'keep',
    why: 'the store credit the shop owes: a liability in its books',
    columns: { user_id: { export: false, erase: 'keep', why: NAMES_NOBODY } },
    exportRest: true,
  },
  credit_entry: {
    owner: { column: 'user_id' },
    alsoNames: [{ column: 'actor_id', how: 'the member of staff who granted it' }],
    rows: 'keep',
    why: 'the store credit ledger: every movement of the balance',
    columns: {
      user_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      reason: { export: true, erase: 'keep', why: 'explains a movement of money (accounting record)' },
      actor_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
    },
    exportRest: true,
  },

  // ── Drops ──
  drop_entry: {
    owner: { column: 'user_id' },
    rows: 'keep',
    why: "a draw's published result lists each entry's anonymous id and rank, checkable against its seed",
    columns: {
      user_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      address_key: { export: true, erase: 'anonymise', why: 'the address, normalised; unique per drop' },
      phone_key: { export: true, erase: 'clear', why: 'the phone number (E.164)' },
      ship_to: { export: true, erase: 'clear', why: 'the address the entry was made from' },
    },
    exportRest: true,
  },
  drop_notify: {
    owner: { column: 'user_id' },
    rows: 'delete',
    columns: { user_id: { export: false, erase: 'delete' } },
    exportRest: true,
  },
  drop_ticket: {
    owner: { column: 'user_id' },
    rows: 'keep',
    why: "the waiting room's figures count who joined and who bought",
    columns: { user_id: { export: false, erase: 'keep', why: NAMES_NOBODY } },
    exportRest: true,
  },

  // ── Erasures and copies: what the person asked of the shop about their data ──
  erasure: {
    owner: { column: 'user_id' },
    alsoNames: [{ column: 'requested_by', how: 'the member of staff who asked for it' }],
    rows: 'keep',
    why: 'proof that the erasure was asked for and done, and the number the kept records name the person by',
    columns: {
      user_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      requested_by: { export: false, erase: 'keep', why: NAMES_NOBODY },
      reason: {
        export: true,
        erase: 'keep',
        why: "the shop's words for why it waited: an order's number, a date",
      },
    },
    exportRest: true,
  },
  checkout_recovery: {
    owner: { column: 'user_id' },
    rows: 'delete',
    why: "the person's abandoned checkouts and the reminders sent about them: marketing, kept 90 days",
    columns: {
      user_id: { export: false, erase: 'delete' },
      lines: { export: true, erase: 'delete', why: 'what they left in the cart: products, sizes and counts' },
    },
    exportRest: true,
  },
  data_export: {
    owner: { column: 'user_id' },
    alsoNames: [{ column: 'requested_by', how: 'the member of staff who asked for the copy' }],
    rows: 'delete',
    why: "copies of the person's data they (or staff for them) asked for: no copy outlives the person",
    columns: {
      user_id: { export: false, erase: 'delete' },
      requested_by: { export: false, erase: 'delete' },
      archive: {
        export: false,
        erase: 'delete',
        why: 'the copy itself (a ZIP of this export), emptied 24 hours after it is ready',
      },
    },
    exportRest: true,
  },

  // ── Staff ──
  audit_event: {
    owner: {
      column: 'subject_id',
      how: "the person acted on: their user id when subject_type is 'user', their order's id when 'order'",
    },
    alsoNames: [{ column: 'actor_id', how: 'the member of staff who acted' }],
    rows: 'keep',
    why: "the staff's record of what they did to whom (accountability, security)",
    columns: {
      subject_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      actor_id: { export: false, erase: 'keep', why: NAMES_NOBODY },
      before: {
        export: true,
        erase: 'anonymise',
        why: "a profile's e-mail, names, address and phone, an invitee's e-mail, a grant's reason go",
      },
      after: { export: true, erase: 'anonymise', why: 'as `before`' },
    },
    exportRest: true,
  },
  staff_invitation: {
    owner: {
      column: 'email',
      how: 'the invitee, by the address it was sent to (accepted_by, once accepted)',
    },
    alsoNames: [{ column: 'invited_by' }, { column: 'accepted_by' }],
    rows: 'delete',
    columns: {
      email: { export: true, erase: 'delete' },
      token_hash: { export: false, erase: 'delete', why: "a secret's hash" },
      invited_by: { export: false, erase: 'delete' },
      accepted_by: { export: false, erase: 'delete' },
    },
    exportRest: true,
  },
};

/** Tables that hold nothing about a person, each with the reason (and the columns that only look personal). */
export const NO_PERSONAL_DATA: Record<string, { why: string; notPersonal?: Record<string, string> }> = {
  product: {
    why: 'the catalogue, written by staff',
    notPersonal: {
      name: "the product's name",
      description: "the product's description, written by staff",
      search_body: 'the description without its HTML',
    },
  },
  product_price_history: { why: "the catalogue's prices over time" },
  product_stock: { why: 'units per size' },
  catalog_version: { why: "the catalogue's version counters" },
  search_word: { why: "the catalogue's words, for spelling corrections" },
  shipping_method: { why: 'the ways an order can travel', notPersonal: { name: "the method's name" } },
  promotion: { why: 'discount codes and their terms, written by staff; who used one is in promotion_use' },
  drop: { why: "a drop's product, mode, times and draw seed" },
  drop_proof: { why: 'proof-of-work challenges already spent: random strings, no person' },
  size_chart: { why: 'size charts, written by staff' },
  size_advice: { why: 'counts of buyers per size, a number and no one named' },
  staff_role: { why: 'roles and their permissions', notPersonal: { name: "the role's name ('Support')" } },
  staff_settings: { why: "the shop's staff settings: roles, not people" },
  privacy_settings: { why: "the owner's hold on erasures and retention periods, in days" },
  recovery_settings: { why: "the owner's settings for checkout reminders" },
  tax_settings: { why: "the shop's own tax settings (its VAT number is the shop's)" },
  tax_rate: { why: 'tax rates per place and category' },
  tax_registration: { why: 'the places the shop is registered to collect tax' },
  tax_nexus_threshold: { why: "each US state's thresholds" },
  credit_note_counter: { why: 'the last credit note number' },
  refund_claim: { why: "a lock on an order's refund while it runs: an order id and an instant" },
  payment_event: { why: 'provider events handled once: their ids and types, no payload' },
};

/**
 * Personal data the schema does not declare, which an export and an erasure must reach all the same. None
 * of them is a table of db/schema (the test checks it).
 */
export const ELSEWHERE: Record<string, string> = {
  'pgboss.job':
    "pg-boss's jobs, kept 7 days after they finish: a mail job's data is the whole message (the recipient's " +
    "e-mail address, their name, an order's address in its text). Erasure deletes the jobs whose data.to is " +
    "the person's e-mail; none is exported.",
  'request log':
    "each request's line (stdout, then the log collector) holds the caller's IP address; e-mails are masked " +
    "and tokens redacted. Kept for the collector's retention, not erased one by one.",
  'mail outbox folder':
    'without SMTP_URL (development only): each e-mail as a JSON file, the whole message. Emptied with the folder.',
};
