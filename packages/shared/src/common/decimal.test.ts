import { describe, expect, it } from 'vitest';
import { canonicalDecimal, compareDecimal, formatDecimal } from './decimal';
import { PERCENTAGE_RULE, RATE_RULE, decimalSchema, optionalDecimalSchema } from './decimal-schema';
import { flagEmoji } from './flag';

describe('exact decimals', () => {
  it('canonicalises without a float: no leading zeros, no trailing fraction zeros', () => {
    expect(canonicalDecimal('007.50')).toBe('7.5');
    expect(canonicalDecimal('4.0')).toBe('4');
    expect(canonicalDecimal('0.000')).toBe('0');
    expect(canonicalDecimal('0.1')).toBe('0.1');
    // A value a double cannot hold exactly stays as typed.
    expect(canonicalDecimal('123456789012.123456')).toBe('123456789012.123456');
  });

  it('compares by value', () => {
    expect(compareDecimal('100', '99.99')).toBe(1);
    expect(compareDecimal('3.5', '3.50')).toBe(0);
    expect(compareDecimal('3.25', '3.5')).toBe(-1);
    expect(compareDecimal('100.0001', '100')).toBe(1);
  });

  it('formats in the reader’s way, padded to two decimals, exactly', () => {
    expect(formatDecimal('16150.5', 'id-ID')).toBe('16.150,50');
    expect(formatDecimal('16150.5', 'en-GB')).toBe('16,150.50');
    expect(formatDecimal('104.125', 'id-ID')).toBe('104,125');
    expect(formatDecimal('123456789012.123456', 'en-GB')).toBe('123,456,789,012.123456');
  });

  it('validates rates and percentages with a dot; a comma has its own message', () => {
    const rate = decimalSchema(RATE_RULE);
    expect(rate.parse(' 16150.50 ')).toBe('16150.5');
    expect(rate.safeParse('16,5').error?.issues[0]?.message).toBe('v.decimal.dot');
    expect(rate.safeParse('-1').error?.issues[0]?.message).toBe('v.rate');
    expect(rate.safeParse('1.1234567').error?.issues[0]?.message).toBe('v.rate');
    expect(rate.safeParse('').error?.issues[0]?.message).toBe('v.required');
    const optional = optionalDecimalSchema(RATE_RULE);
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse('1.50')).toBe('1.5');
    const percentage = decimalSchema(PERCENTAGE_RULE);
    expect(percentage.parse('3.5')).toBe('3.5');
    expect(percentage.parse('100.00')).toBe('100');
    expect(percentage.safeParse('100.01').success).toBe(false);
    expect(percentage.safeParse('3,5').error?.issues[0]?.message).toBe('v.decimal.dot');
  });

  it('draws a flag from a country code', () => {
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('us')).toBe('');
    expect(flagEmoji(null)).toBe('');
  });
});
