import { describe, expect, it } from 'vitest';
import { PRO_PRICE_MONTHLY_USD, PRO_PRICE_YEARLY_USD } from '@turtle/shared/constants';
import { formatCount, periodLabel, proPrice, usd, YEARLY_SAVING_NOTE, yearlyPerMonth } from './price';

describe('usd', () => {
  it('shows cents only when there are any', () => {
    expect(usd(0)).toBe('$0');
    expect(usd(99)).toBe('$99');
    expect(usd(9.99)).toBe('$9.99');
    expect(usd(9.5)).toBe('$9.50');
  });
});

describe('proPrice', () => {
  it('is $9.99/month monthly and $99/year yearly (product.md §9), from the shared constants', () => {
    expect(proPrice('monthly')).toEqual({ amount: '$9.99', per: '/month', label: '$9.99/month' });
    expect(proPrice('yearly')).toEqual({ amount: '$99', per: '/year', label: '$99/year' });
    expect(proPrice('monthly').amount).toBe(usd(PRO_PRICE_MONTHLY_USD));
    expect(proPrice('yearly').amount).toBe(usd(PRO_PRICE_YEARLY_USD));
  });

  it('says what yearly costs a month, and the saving', () => {
    expect(yearlyPerMonth()).toBe('$8.25');
    expect(YEARLY_SAVING_NOTE).toBe('Save 17% with yearly billing');
  });
});

describe('formatCount and periodLabel', () => {
  it('groups thousands', () => expect(formatCount(2000)).toBe('2,000'));
  it('names the periods', () => {
    expect(periodLabel('monthly')).toBe('Monthly');
    expect(periodLabel('yearly')).toBe('Yearly');
  });
});
