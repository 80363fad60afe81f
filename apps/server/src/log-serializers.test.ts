import { describe, expect, it } from 'vitest';
import { redactText, redactUrl, serializeError } from './log-serializers';

describe('redactUrl', () => {
  it("hides the OIDC callback's code and state, and keeps the rest", () => {
    expect(redactUrl('/api/auth/oidc/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=x')).toBe(
      '/api/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x',
    );
    expect(redactUrl('/api/note/get?id=abc')).toBe('/api/note/get?id=abc');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

describe('redactText', () => {
  it('hides secret values of name=value pairs anywhere in a text, and leaves other words alone', () => {
    expect(redactText('error=access_denied&state=af0ifjsldkj&iss=x')).toBe(
      'error=access_denied&state=[redacted]&iss=x',
    );
    expect(redactText('see https://x.test/cb?code=abc&x=1 now')).toBe('see https://x.test/cb?code=[redacted]&x=1 now');
    expect(redactText('"token=t0k" and a zipcode=75001')).toBe('"token=[redacted]" and a zipcode=75001');
    expect(redactText('where code = $1')).toBe('where code = $1');
  });
});

describe('serializeError', () => {
  it('keeps no secret query value of a cause that is not an Error (a refused OIDC callback)', () => {
    const refused = new Error('authorization response from the server is an error', {
      cause: new URLSearchParams('error=access_denied&state=af0ifjsldkj&iss=x'),
    });
    expect(JSON.stringify(serializeError(refused))).not.toContain('af0ifjsldkj');
    expect(serializeError(refused).cause).toEqual({ message: 'error=access_denied&state=[redacted]&iss=x' });
  });

  it("keeps a failed query's SQL and codes, never its parameters or PostgreSQL's detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(alice@example.com) already exists.',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "users" values ($1)\nparams: alice@example.com'),
      {
        query: 'insert into "users" values ($1)',
        params: ['alice@example.com'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).not.toContain('alice@example.com');
    expect(serializeError(failed)).toMatchObject({
      message: 'Failed query: insert into "users" values ($1)',
      cause: { code: '23505', message: expect.stringContaining('users_email_unique') },
    });
  });
});
