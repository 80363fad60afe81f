import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { loadConfig } from './config';
import { configError } from '../../test/support/config-error';

describe('loadConfig defaults', () => {
  it('listens on localhost:3000 with info logging and the example support address when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.loopbackOnly).toBe(true);
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.supportEmail).toBe('support@example.com');
    expect(config.publicOrigin).toBeUndefined();
  });

  it('uses PGlite in ./data resolved to an absolute path when DATABASE_URL is unset', () => {
    const { database } = loadConfig({});
    expect(database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data') });
    expect(path.isAbsolute(database.kind === 'pglite' ? database.dataDir : '')).toBe(true);
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    expect(loadConfig({ DATA_DIR: 'some/dir' }).database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('some/dir'),
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://user:pw@db:5432/turtle';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/t' }).database.kind).toBe('postgres');
  });

  it('reads PORT, HOST, LOG_LEVEL and SUPPORT_EMAIL when given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      SUPPORT_EMAIL: 'help@turtle.test',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'debug',
      supportEmail: 'help@turtle.test',
    });
  });
});

describe('loadConfig optional URLs', () => {
  it('treats empty PUBLIC_URL and DATABASE_URL as unset', () => {
    const config = loadConfig({ PUBLIC_URL: '', DATABASE_URL: '' });
    expect(config.publicOrigin).toBeUndefined();
    expect(config.database.kind).toBe('pglite');
  });

  it('reduces PUBLIC_URL to its origin', () => {
    const named = { DEV_SIGN_IN: 'false', PAYMENTS: 'demo' };
    expect(loadConfig({ PUBLIC_URL: 'https://turtle.example.com:8443/app/?x=1#top', ...named }).publicOrigin).toBe(
      'https://turtle.example.com:8443',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://turtle.example.com/', ...named }).publicOrigin).toBe(
      'https://turtle.example.com',
    );
  });
});

describe('loadConfig empty values', () => {
  // `PORT=` (e.g. `PORT=${PORT}` in a compose file with PORT unset) must not become port 0, a random free port.
  it('treats an empty PORT as unset and listens on 3000', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('treats every empty variable as unset, so its default applies', () => {
    const config = loadConfig({ SHUTDOWN_TIMEOUT_MS: '', LOG_LEVEL: ' ', HOST: '', PAYMENTS: '' });
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.logLevel).toBe('info');
    expect(config.host).toBe('localhost');
    expect(config.payments.kind).toBe('demo');
  });
});

describe('loadConfig TRUST_PROXY', () => {
  it("accepts true, false and the proxies' addresses", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).trustProxy).toBe('10.0.0.0/8,192.168.1.4,::1');
  });

  it('refuses anything else, naming the variable and the value', () => {
    const { message } = configError({ TRUST_PROXY: 'yes' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('"yes"');
    expect(configError({ TRUST_PROXY: '1.5' }).message).toContain('TRUST_PROXY');
    // A hop count: Fastify would silently ignore it, so it is refused.
    expect(configError({ TRUST_PROXY: '1' }).message).toContain("the proxies' addresses");
    expect(configError({ TRUST_PROXY: 'loopback,nope' }).message).toContain('TRUST_PROXY');
  });
});

describe('loadConfig errors', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SUPPORT_EMAIL', 'nope'],
    ['ADMIN_EMAILS', 'ops@example.test, not-an-address'],
    ['DEV_SIGN_IN', 'yes'],
    ['PAYMENTS', 'free'],
    ['COOKIE_SECURE', '1'],
  ])('throws a one-line ConfigError naming %s and its value %s', (name, value) => {
    const { message } = configError({ [name]: value });
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain(`${name} `);
    expect(message).toContain(JSON.stringify(value));
  });

  it('says what a valid value looks like', () => {
    expect(configError({ PORT: 'abc' }).message).toContain('must be a whole number from 0 to 65535');
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain(
      'must start with postgres:// or postgresql://',
    );
    expect(configError({ SUPPORT_EMAIL: 'nope' }).message).toContain('must be an email address');
  });

  it('names every bad variable in one line when several are wrong', () => {
    const { message } = configError({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      SUPPORT_EMAIL: 'nope',
      DATABASE_URL: 'mysql://x',
    });
    expect(message.split('\n')).toHaveLength(1);
    for (const part of [
      'PORT',
      '"abc"',
      'LOG_LEVEL',
      '"loud"',
      'SUPPORT_EMAIL',
      '"nope"',
      'DATABASE_URL',
      '"mysql://x"',
    ]) {
      expect(message).toContain(part);
    }
  });
});

describe('loadConfig on an address other machines can reach (decision 033)', () => {
  const exposed = { HOST: '0.0.0.0' };

  it('refuses to start with the development sign-in and the demo checkout unless they are named', () => {
    const { message } = configError(exposed);
    expect(message).not.toContain('\n');
    expect(message).toContain('HOST 0.0.0.0 can be reached from other machines, so the development sign-in');
    expect(message).toContain('DEV_SIGN_IN=false');
    expect(message).toContain('so the demo checkout (Pro for free, no money moves) must be chosen explicitly');
    expect(message).toContain('PAYMENTS=demo');
    for (const host of ['::', '192.168.1.20', 'turtle.example.com']) {
      expect(configError({ HOST: host }).message).toContain(`HOST ${host} can be reached`);
    }
  });

  it('starts when each is named, replaced or turned off', () => {
    expect(loadConfig({ ...exposed, DEV_SIGN_IN: 'true', PAYMENTS: 'demo' })).toMatchObject({
      signIn: { kind: 'dev' },
      payments: { kind: 'demo' },
      loopbackOnly: false,
      servedToOthers: true,
    });
    expect(loadConfig({ ...exposed, DEV_SIGN_IN: 'false', PAYMENTS: 'demo' }).signIn).toEqual({ kind: 'off' });
    expect(loadConfig({ ...exposed, OIDC_CLIENT_ID: 'client', PAYMENTS: 'demo' }).signIn.kind).toBe('oidc');
  });

  it('runs both stand-ins on loopback with no configuration, and DEV_SIGN_IN=false turns sign-in off there too', () => {
    for (const host of ['localhost', '127.0.0.1', '::1']) {
      expect(loadConfig({ HOST: host })).toMatchObject({ signIn: { kind: 'dev' }, payments: { kind: 'demo' } });
    }
    expect(loadConfig({ DEV_SIGN_IN: 'false' }).signIn).toEqual({ kind: 'off' });
  });

  it('takes a public PUBLIC_URL or NODE_ENV=production as serving others even on loopback (behind a proxy)', () => {
    const proxied = { PUBLIC_URL: 'https://turtle.example.com' };
    const message = configError(proxied).message;
    expect(message).toContain('PUBLIC_URL https://turtle.example.com is served to other people, so the development');
    expect(message).toContain('so the demo checkout (Pro for free, no money moves) must be chosen explicitly');
    expect(loadConfig({ ...proxied, DEV_SIGN_IN: 'true', PAYMENTS: 'demo' })).toMatchObject({
      signIn: { kind: 'dev' },
      loopbackOnly: true,
      servedToOthers: true,
    });
    // A public address of this machine itself is still a laptop.
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })).toMatchObject({
      signIn: { kind: 'dev' },
      servedToOthers: false,
    });
    expect(configError({ NODE_ENV: 'production' }).message).toContain(
      'NODE_ENV is production, so the demo checkout (Pro for free, no money moves) must be chosen explicitly',
    );
  });

  it('never runs the development sign-in when NODE_ENV is production', () => {
    const production = { NODE_ENV: 'production', PAYMENTS: 'demo' };
    expect(loadConfig(production)).toMatchObject({ signIn: { kind: 'off' }, payments: { kind: 'demo' } });
    expect(configError({ ...production, DEV_SIGN_IN: 'true' }).message).toContain(
      'DEV_SIGN_IN must not be true when NODE_ENV is production',
    );
    expect(loadConfig({ ...production, OIDC_CLIENT_ID: 'client' }).signIn.kind).toBe('oidc');
  });

  it('refuses DEV_SIGN_IN=true beside a real provider', () => {
    expect(configError({ OIDC_CLIENT_ID: 'client', DEV_SIGN_IN: 'true' }).message).toContain(
      'DEV_SIGN_IN must not be true when OIDC_CLIENT_ID is set',
    );
  });
});

describe('loadConfig COOKIE_SECURE', () => {
  const named = { DEV_SIGN_IN: 'false', PAYMENTS: 'demo' };

  it('is off on loopback and on beyond it, unless PUBLIC_URL or COOKIE_SECURE says otherwise', () => {
    expect(loadConfig({}).cookieSecure).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', ...named }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://turtle.example.com', ...named }).cookieSecure).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', ...named, PUBLIC_URL: 'http://turtle.lan:3000' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', ...named, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
});

describe('ADMIN_EMAILS', () => {
  it('reads a comma-separated list as normalised addresses, and nothing as none', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ops@Example.test ,, boss@example.test' }).adminEmails).toEqual([
      'ops@example.test',
      'boss@example.test',
    ]);
    expect(loadConfig({}).adminEmails).toEqual([]);
  });
});
