import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileNameFor, fileNameProblem } from './fileNames';

describe('file names', () => {
  it('refuses a name with a bidi override, a zero-width character or a control character, naming it', () => {
    expect(fileNameProblem('a\u202Eexe.csv')).toMatch(/U\+202E, right-to-left override/);
    expect(fileNameProblem('report\u200B.csv')).toMatch(/U\+200B, zero-width space/);
    expect(fileNameProblem('report\u0007.csv')).toMatch(/control character/);
    expect(fileNameProblem('a\u2066b.csv')).toMatch(/left-to-right isolate/);
  });

  it('refuses paths, reserved characters, hidden names, empty and overlong names', () => {
    expect(fileNameProblem('../x.csv')).toMatch(/only the name/);
    expect(fileNameProblem('C:x.csv')).toMatch(/only the name/);
    expect(fileNameProblem('a?.csv')).toMatch(/\* \? "/);
    expect(fileNameProblem('.bashrc')).toMatch(/dot/);
    expect(fileNameProblem('  ')).toMatch(/name/);
    expect(fileNameProblem('x'.repeat(201))).toMatch(/too long/);
    expect(fileNameProblem('Creators — Q3 (US).xlsx')).toBeNull();
  });

  it('makes a name from any title that the rule accepts, keeping what can be kept', () => {
    expect(fileNameFor('Q3 creators: US/UK', 'xlsx')).toBe('Q3 creators US UK.xlsx');
    expect(fileNameFor('a\u202Eexe', 'csv')).toBe('aexe.csv');
    expect(fileNameFor('...', 'csv', 'Comparison')).toBe('Comparison.csv');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (title) => {
        expect(fileNameProblem(fileNameFor(title, 'csv'))).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
