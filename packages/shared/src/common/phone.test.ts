import { describe, expect, it } from 'vitest';
import { OptionalPhoneSchema, PhoneSchema, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['081234567890', '+6281234567890'],
    ['6281234567890', '+6281234567890'],
    ['+6281234567890', '+6281234567890'],
    ['+62 812-3456-7890', '+6281234567890'],
    [' 0812.3456.7890 ', '+6281234567890'],
    ['(0812) 3456 7890', '+6281234567890'],
    ['081234567', '+6281234567'],
    ['08123456789012', '+628123456789012'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['0812', 'too short'],
    ['0812345678901234', 'too long'],
    ['021234567890', 'a landline'],
    ['+6581234567', 'another country'],
    ['62-0812345678', 'a 0 after the country code'],
    ['0812345678x', 'a letter'],
    ['++6281234567890', 'two plus signs'],
  ])('%s is refused (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('is idempotent: a stored number normalises to itself', () => {
    for (const input of ['081234567890', '6289912345678', '+62 857 1111 2222']) {
      const once = normalizePhone(input);
      expect(once).not.toBeNull();
      expect(normalizePhone(once ?? '')).toBe(once);
    }
  });
});

describe('phone schemas', () => {
  it('PhoneSchema stores E.164 and answers v.phone for a bad number', () => {
    expect(PhoneSchema.parse(' 0812 3456 7890')).toBe('+6281234567890');
    const bad = PhoneSchema.safeParse('12345');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('v.phone');
  });

  it('OptionalPhoneSchema: empty and null are no phone', () => {
    expect(OptionalPhoneSchema.parse('')).toBeNull();
    expect(OptionalPhoneSchema.parse(null)).toBeNull();
    expect(OptionalPhoneSchema.parse('628123456789')).toBe('+628123456789');
    expect(OptionalPhoneSchema.safeParse('0812').success).toBe(false);
  });
});
