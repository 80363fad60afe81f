import { describe, expect, it } from 'vitest';
import { safeNextPath, SIGNED_IN_HOME, signInPath } from './safe-next-path';

describe('safeNextPath', () => {
  it.each(['/', '/notes', '/notes?x=1#y', '/note/abc-123', '/learn/1?t=30'])('keeps the local path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    'https://evil.test',
    'http://evil.test/notes',
    '//evil.test',
    '//evil.test/notes',
    '/\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    'javascript:alert(1)',
    'notes',
    '',
  ])('refuses %j and goes home instead', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('goes home without a next parameter', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });

  it('goes to the fallback given (the signed-in home) without a safe next', () => {
    expect(safeNextPath(null, SIGNED_IN_HOME)).toBe('/');
    expect(safeNextPath('//evil.test', SIGNED_IN_HOME)).toBe('/');
    expect(safeNextPath('/notes', SIGNED_IN_HOME)).toBe('/notes');
  });
});

describe('signInPath', () => {
  it('carries next along, encoded', () => {
    expect(signInPath('/login', '/notes')).toBe('/login?next=%2Fnotes');
    expect(signInPath('/signup', '/notes?x=1&y=2')).toBe('/signup?next=%2Fnotes%3Fx%3D1%26y%3D2');
  });

  it('leaves the address bare without one', () => {
    expect(signInPath('/login', null)).toBe('/login');
    expect(signInPath('/signup', '')).toBe('/signup');
  });
});
