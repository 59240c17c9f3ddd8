import { describe, expect, it } from 'vitest';
import { branchTimeFormat } from './branch-time';

// 23:30 UTC on 31 December = 06.30 on 1 January in Jakarta, 08.30 in Jayapura.
const AT = Date.UTC(2026, 11, 31, 23, 30, 15);

describe("times on the branch's clock", () => {
  it('formats in the branch time zone and the interface language', () => {
    expect(branchTimeFormat('id', 'Asia/Jakarta').time(AT)).toBe('06.30');
    expect(branchTimeFormat('en', 'Asia/Jakarta').time(AT)).toBe('06:30');
    expect(branchTimeFormat('id', 'Asia/Jayapura').timeWithSeconds(AT)).toBe('08.30.15');
    expect(branchTimeFormat('en', 'Asia/Jakarta').dateTime(AT)).toContain('1 Jan 2027');
  });

  it('shows no time until the branch (and its zone) is known', () => {
    expect(branchTimeFormat('id', undefined).time(AT)).toBe('—');
  });
});
