import { errorLine, loggableError } from './loggable-error';

describe('loggableError', () => {
  it('keeps the SQLSTATE and the database message, never the statement or its values', () => {
    const e = Object.assign(
      new Error(
        `insert into "users" ("email", "token") values ('secret@example.com', 'abc123') - duplicate key value violates unique constraint "users_email_unique"`,
      ),
      { code: '23505', detail: 'Key (email)=(secret@example.com) already exists.' },
    );
    const out = loggableError(e);
    expect(out).toEqual({
      type: 'Error',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    });
    expect(JSON.stringify(out)).not.toContain('secret@example.com');
    expect(errorLine(e)).toBe(
      'Error 23505: duplicate key value violates unique constraint "users_email_unique"',
    );
  });

  it('drops a bare statement without a database message', () => {
    expect(loggableError(new Error(`select * from users where email = 'x@y.z'`)).message).toBe(
      'database error',
    );
  });

  it('keeps ordinary errors as they are, shortened', () => {
    const e = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(loggableError(e)).toEqual({
      type: 'Error',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(loggableError(new TypeError('x'.repeat(1000))).message).toHaveLength(300);
    expect(loggableError('plain')).toEqual({ type: 'string', message: 'plain' });
  });
});
