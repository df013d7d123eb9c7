import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceText, countryCode, countryName, isCountryCode, regionName } from './countries';

describe('countries: one spelling everywhere', () => {
  it('names a country the same whether the API sends its code in either case or a name of its own', () => {
    for (const spelling of ['TR', 'tr', ' Tr ', 'Turkey', 'turkey', 'Türkiye', 'Republic of Turkey']) expect(countryName(spelling)).toBe('Türkiye');
    for (const spelling of ['US', 'us', 'United States', 'USA', 'United States of America']) expect(countryName(spelling)).toBe('United States');
    for (const spelling of ['GB', 'United Kingdom', 'UK', 'Great Britain']) expect(countryName(spelling)).toBe('United Kingdom');
    expect(countryName('CZ')).toBe('Czechia');
    expect(countryName('Czech Republic')).toBe('Czechia');
    expect(countryName('Russian Federation')).toBe(countryName('RU'));
    expect(countryName('Korea, Republic of')).toBe(countryName('KR'));
  });

  it('gives back text that names no country as received, and codes only for countries', () => {
    expect(countryName('Atlantis')).toBe('Atlantis');
    expect(countryName('  QQ ')).toBe('QQ');
    expect(countryCode('ZZ')).toBeNull();
    expect(countryCode('XA')).toBeNull();
    expect(countryCode('')).toBeNull();
    expect(countryCode(null)).toBeNull();
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('DEU')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    // A withdrawn code reads as the country that has it now.
    expect(countryName('BU')).toBe(countryName('MM'));
  });

  it('reads every name it writes back to the same code (so a name from one network and a code from another are one row)', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const codes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter((c) => countryCode(c) === c);
    expect(codes.length).toBeGreaterThan(240);
    for (const code of codes) {
      expect(countryCode(countryName(code)), code).toBe(code);
      expect(countryName(countryName(code)), code).toBe(countryName(code));
    }
    const anyCase = fc.constantFrom(...codes).chain((c) => fc.tuple(fc.constant(c), fc.boolean(), fc.boolean()));
    fc.assert(fc.property(anyCase, ([c, a, b]) => countryName((a ? c[0]!.toLowerCase() : c[0]!) + (b ? c[1]!.toLowerCase() : c[1]!)) === countryName(c)));
  });

  it('says an analysis audience by country names, worldwide when it has none', () => {
    expect(audienceText(['US', 'gb'])).toBe('United States, United Kingdom');
    expect(audienceText([])).toBe('worldwide');
  });

  it('capitalises region names as place names', () => {
    expect(regionName('north_america')).toBe('North America');
    expect(regionName('latin_america')).toBe('Latin America');
    expect(regionName('North america')).toBe('North America');
    expect(regionName('middle_east')).toBe('Middle East');
    expect(regionName('south_pacific_islands')).toBe('South Pacific Islands');
  });
});
