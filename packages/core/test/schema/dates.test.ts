import { describe, expect, it } from 'vitest';
import { addDays, isDateString, resolveAsOf, toDateString } from '../../src/schema/dates.js';

describe('dates', () => {
  it('resolves asOf from today, then SOURCE_DATE_EPOCH, then the clock', () => {
    expect(resolveAsOf({ today: '2025-03-01', env: { SOURCE_DATE_EPOCH: '0' } })).toBe('2025-03-01');
    expect(resolveAsOf({ today: new Date('2025-03-01T23:30:00-05:00') })).toBe('2025-03-02');
    expect(resolveAsOf({ env: { SOURCE_DATE_EPOCH: '0' } })).toBe('1970-01-01');
    expect(resolveAsOf({ env: { SOURCE_DATE_EPOCH: '1750000000' } })).toBe('2025-06-15');
    expect(resolveAsOf({ env: {} })).toBe(new Date().toISOString().slice(0, 10));
    expect(resolveAsOf({ env: { SOURCE_DATE_EPOCH: '' } })).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses malformed dates instead of picking another', () => {
    expect(() => resolveAsOf({ today: '2025-02-30' })).toThrow('Research Pack: `today` must be a date written as YYYY-MM-DD, got "2025-02-30"');
    expect(() => resolveAsOf({ today: new Date('nope') })).toThrow('invalid Date');
    expect(() => resolveAsOf({ env: { SOURCE_DATE_EPOCH: 'yesterday' } })).toThrow('SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, got "yesterday"');
    expect(() => resolveAsOf({ env: { SOURCE_DATE_EPOCH: '999999999999999' } })).toThrow('SOURCE_DATE_EPOCH');
  });

  it('checks and moves calendar dates', () => {
    expect(isDateString('2024-02-29')).toBe(true);
    expect(isDateString('2023-02-29')).toBe(false);
    expect(isDateString('2024-2-1')).toBe(false);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-06-01', -365)).toBe('2024-06-01');
    expect(toDateString(new Date(Date.UTC(2025, 0, 31, 23, 59)))).toBe('2025-01-31');
  });

  it('says a YYYY-MM-DD string is a date exactly when the calendar has that day', () => {
    // Against the calendar of Date: every month and day (00 to 32) of leap and common years, century years and the ends of four-digit years.
    const calendar = (value: string) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    };
    for (const year of ['0000', '0001', '1900', '1999', '2000', '2023', '2024', '2100', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(isDateString(value), value).toBe(calendar(value));
        }
      }
    }
  });

  it('keeps dates within four-digit years, where comparing the strings compares the dates', () => {
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(addDays('0000-01-01', -1)).toBe('0000-01-01');
    expect(addDays('2026-01-01', -365)).toBe('2025-01-01');
  });

  it('refuses a SOURCE_DATE_EPOCH after 9999-12-31, which has no YYYY-MM-DD', () => {
    expect(resolveAsOf({ env: { SOURCE_DATE_EPOCH: '253402300799' } })).toBe('9999-12-31');
    expect(() => resolveAsOf({ env: { SOURCE_DATE_EPOCH: '253402300800' } })).toThrow('SOURCE_DATE_EPOCH must be at most 253402300799 (the last second of 9999-12-31), got "253402300800"');
  });
});
