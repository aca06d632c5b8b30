import { describe, expect, it } from 'vitest';
import { divideRounded, formatMoney, formatUnits, minorUnits, parseAmount } from './money.js';
import { amountText, isCurrencyCode, revenueColumns } from './revenue-input.js';
import { convertedTotal, convertUnits, parseCurrencyRates } from './currency-rates.js';
import { revenueSummary } from './revenue-summary.js';

describe('money', () => {
  it.each([
    ['19.99', 199900n], ['0', 0n], ['-5.5', -55000n], ['12345678901234.1234', 123456789012341234n], ['0.0001', 1n],
  ])('parses %s exactly', (text, units) => expect(parseAmount(text)).toBe(units));

  it.each(['', '1e5', '1.23456', '123456789012345', '.5', '5.', '+5', 'NaN', '1,5', ' 1'])('refuses %j', (text) => expect(parseAmount(text)).toBeUndefined());

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(formatUnits(123450n, 2)).toBe('12.35');
    expect(formatUnits(-123449n, 2)).toBe('-12.34');
    expect(formatUnits(5n, 2)).toBe('0.00');
  });

  it('formats in the currency precision', () => {
    expect([minorUnits('EUR'), minorUnits('JPY'), minorUnits('BHD')]).toEqual([2, 0, 3]);
    expect(formatMoney(199900n, 'EUR')).toBe('19.99');
    expect(formatMoney(12_005_000n, 'JPY')).toBe('1201');
    expect(formatMoney(12_345n, 'BHD')).toBe('1.235');
  });
});

describe('revenue input', () => {
  it('takes numbers and decimal text, never through arithmetic', () => {
    expect(amountText(19.99)).toBe('19.99');
    expect(amountText('0.1')).toBe('0.1');
    expect(amountText(0.1 + 0.2)).toBeUndefined();
    expect(amountText(1e21)).toBeUndefined();
    expect(amountText(Number.NaN)).toBeUndefined();
  });

  it('knows ISO 4217 codes in either case', () => {
    expect([isCurrencyCode('EUR'), isCurrencyCode('usd'), isCurrencyCode('XYZ'), isCurrencyCode('EURO')]).toEqual([true, true, false, false]);
  });

  it('gives the row columns', () => {
    expect(revenueColumns({ amount: 19.99, currency: 'eur' })).toEqual({ revenue_amount: '19.99', revenue_currency: 'EUR' });
    expect(revenueColumns(undefined)).toEqual({});
  });
});

describe('currency rates', () => {
  const rates = parseCurrencyRates(JSON.stringify({ base: 'EUR', rates: { USD: '1.25', GBP: 0.8, JPY: '160' } }));

  it('converts through the base exactly', () => {
    expect(convertUnits(100_000n, 'USD', 'EUR', rates)).toBe(80_000n);
    expect(convertUnits(100_000n, 'EUR', 'GBP', rates)).toBe(80_000n);
    expect(convertUnits(100_000n, 'USD', 'GBP', rates)).toBe(64_000n);
    expect(convertUnits(1n, 'CHF', 'EUR', rates)).toBeUndefined();
    expect(convertedTotal([{ currency: 'EUR', units: 10_000n }, { currency: 'USD', units: 12_500n }], 'EUR', rates)).toBe(20_000n);
    expect(convertedTotal([{ currency: 'CHF', units: 1n }], 'EUR', rates)).toBeUndefined();
  });

  it.each([
    ['not json', 'must be JSON'],
    [JSON.stringify({ base: 'EURO', rates: {} }), 'base'],
    [JSON.stringify({ base: 'EUR', rates: { USD: -1 } }), 'rates.USD'],
    [JSON.stringify({ base: 'EUR', rates: { USD: '1e3' } }), 'rates.USD'],
    [JSON.stringify({ base: 'EUR', rates: {}, extra: 1 }), 'extra'],
  ])('refuses %s', (text, problem) => expect(() => parseCurrencyRates(text)).toThrow(problem));

  it('summarises per currency and converted', () => {
    const sums = [{ currency: 'USD', amount: '25', events: 2 }, { currency: 'EUR', amount: '10.005', events: 3 }];
    expect(revenueSummary(sums, { reportingCurrency: 'EUR', rates }, 2)).toEqual({
      currency: 'EUR', total: '30.01', average: '15.00', events: 5,
      by_currency: [{ currency: 'EUR', total: '10.01', events: 3 }, { currency: 'USD', total: '25.00', events: 2 }],
    });
    expect(revenueSummary(sums, { reportingCurrency: null, rates }).total).toBeNull();
    expect(revenueSummary(sums.slice(0, 1), { reportingCurrency: null, rates }).total).toBe('25.00');
    expect(revenueSummary([], { reportingCurrency: 'EUR', rates }, 0)).toEqual({ currency: 'EUR', total: '0.00', average: null, events: 0, by_currency: [] });
  });
});
