import { describe, it, expect } from 'vitest';
import { loadConfig } from './config';
import { configError } from '../../test/support/config-error';

describe('loadConfig payments', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_PRICE_MONTHLY: 'price_monthly1',
    STRIPE_PRICE_YEARLY: 'price_yearly1',
  };

  it('uses the demo checkout without Stripe variables on loopback, or anywhere when PAYMENTS=demo names it', () => {
    expect(loadConfig({}).payments).toEqual({ kind: 'demo' });
    expect(loadConfig({ HOST: '127.0.0.1' }).payments).toEqual({ kind: 'demo' });
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENTS: 'demo', DEV_SIGN_IN: 'false' }).payments).toEqual({ kind: 'demo' });
  });

  it('reads NODE_ENV only for production: other values change nothing', () => {
    expect(loadConfig({ NODE_ENV: 'staging' })).toEqual(loadConfig({}));
    expect(loadConfig({ NODE_ENV: 'development' })).toEqual(loadConfig({}));
  });

  it('needs all four Stripe variables when PAYMENTS=stripe, and refuses PAYMENTS=demo beside them', () => {
    expect(configError({ PAYMENTS: 'stripe' }).message).toContain(
      'STRIPE_SECRET_KEY must be set when PAYMENTS=stripe is',
    );
    expect(loadConfig({ ...stripe, PAYMENTS: 'stripe' }).payments.kind).toBe('stripe');
    expect(configError({ ...stripe, PAYMENTS: 'demo' }).message).toContain(
      'PAYMENTS must be stripe when STRIPE_SECRET_KEY is set',
    );
  });

  it('uses Stripe when all four are set, talking to Stripe itself unless STRIPE_API_BASE says otherwise', () => {
    expect(loadConfig(stripe).payments).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      prices: { monthly: 'price_monthly1', yearly: 'price_yearly1' },
      api: undefined,
    });
    const local = loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments;
    expect(local.kind === 'stripe' && local.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    const proxied = loadConfig({ ...stripe, STRIPE_API_BASE: 'https://stripe-proxy.internal' }).payments;
    expect(proxied.kind === 'stripe' && proxied.api).toEqual({
      host: 'stripe-proxy.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it.each(Object.keys(stripe))('names %s when it is the one missing', (name) => {
    const { message } = configError({ ...stripe, [name]: undefined });
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} must be set when STRIPE_\\w+ is`));
    expect(message).not.toContain('\n');
  });

  it('refuses values that are not what Stripe issues, naming the variable', () => {
    expect(configError({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' }).message).toContain('STRIPE_SECRET_KEY');
    expect(configError({ ...stripe, STRIPE_WEBHOOK_SECRET: 'abc' }).message).toContain('STRIPE_WEBHOOK_SECRET');
    expect(configError({ ...stripe, STRIPE_PRICE_MONTHLY: 'prod_1' }).message).toContain('STRIPE_PRICE_MONTHLY');
    expect(configError({ ...stripe, STRIPE_PRICE_YEARLY: stripe.STRIPE_PRICE_MONTHLY }).message).toContain(
      'STRIPE_PRICE_YEARLY must differ',
    );
  });

  it('sends the secret key over plain http only to loopback', () => {
    expect(configError({ ...stripe, STRIPE_API_BASE: 'http://stripe.example.com' }).message).toContain(
      'STRIPE_API_BASE must be an https URL',
    );
    expect(configError({ STRIPE_API_BASE: 'http://127.0.0.1:1' }).message).toContain(
      'STRIPE_SECRET_KEY must be set when STRIPE_API_BASE is',
    );
  });
});
