import { errorEnvelopeSchema } from '@shop/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../test/accounts';
import { verifiedBuyer } from '../test/shop';
import { testShop } from '../test/test-shop';

const { app } = testShop();

/** A driver error as Drizzle throws it: its own error, with PostgreSQL's in `cause`. */
function wrapped(fields: Record<string, string>) {
  return Object.assign(new Error('Failed query: ...'), { cause: Object.assign(new Error('pg'), fields) });
}

beforeAll(async () => {
  // Routes that fail the way a missed validation or a lost race would reach the error handler.
  const failures: Record<string, Error> = {
    'unique-username': wrapped({
      code: '23505',
      constraint: 'user_username_unique',
      detail: 'Key (username)=(x) already exists.',
    }),
    'unique-other': wrapped({
      code: '23505',
      constraint: 'x_unique',
      detail: 'Key (slug)=(x) already exists.',
    }),
    deadlock: wrapped({ code: '40P01' }),
    serialization: wrapped({ code: '40001' }),
    nul: wrapped({ code: '22021' }),
    'out-of-range': wrapped({ code: '22003' }),
  };
  for (const [name, error] of Object.entries(failures)) {
    app().get(`/api/test-failure/${name}`, async () => {
      throw error;
    });
  }
});

describe('database refusals reaching the error handler', () => {
  it.each([
    ['unique-username', 409, 'USERNAME_TAKEN', 'username'],
    ['unique-other', 409, 'CONFLICT', 'slug'],
    ['deadlock', 409, 'CONFLICT', undefined],
    ['serialization', 409, 'CONFLICT', undefined],
    ['nul', 400, 'VALIDATION_ERROR', undefined],
    ['out-of-range', 400, 'VALIDATION_ERROR', undefined],
  ])('%s answers %i %s, never 500', async (name, status, code, field) => {
    const response = await app().inject({ method: 'GET', url: `/api/test-failure/${name}` });
    expect(response.statusCode).toBe(status);
    const { error } = errorEnvelopeSchema.parse(response.json());
    expect(error.code).toBe(code);
    if (field) expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('answers 409 naming the field when many users take one new username at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => verifiedBuyer(app())));
    const username = `race${Date.now() % 100000}`;
    const responses = await Promise.all(
      users.map((user) =>
        app().inject({
          method: 'PUT',
          url: `/api/users/update/${user.id}`,
          payload: { username },
          headers: { origin: ORIGIN, cookie: user.cookie },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(users.length - 1).fill(409)]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error).toMatchObject({
        code: 'USERNAME_TAKEN',
        fields: { username: expect.any(String) },
      });
    }
  });
});
