import { describe, expect, it } from 'vitest';
import { isExternalUrl } from './destination';
import { periodFromQuery, pricingLoginPath } from './pricing-links';

describe('isExternalUrl', () => {
  it('sends Stripe and other sites to a page load', () => {
    expect(isExternalUrl('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true);
    expect(isExternalUrl('http://127.0.0.1:4000/x')).toBe(true);
    expect(isExternalUrl('//evil.test/x')).toBe(true);
  });
  it('keeps our own paths in the router', () => {
    expect(isExternalUrl('/checkout/demo?session=abc')).toBe(false);
    expect(isExternalUrl('/payment/success?cs_id=abc')).toBe(false);
    expect(isExternalUrl('/pricing')).toBe(false);
  });
});

describe('pricing links', () => {
  it('logs in and comes back to the pricing page, on the chosen period', () => {
    expect(pricingLoginPath('monthly')).toBe('/login?next=%2Fpricing');
    expect(pricingLoginPath('yearly')).toBe('/login?next=%2Fpricing%3Fperiod%3Dyearly');
  });
  it('reads the period from the address, monthly unless yearly', () => {
    expect(periodFromQuery('yearly')).toBe('yearly');
    expect(periodFromQuery('weekly')).toBe('monthly');
    expect(periodFromQuery(null)).toBe('monthly');
  });
});
