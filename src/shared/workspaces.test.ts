import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskAccountId } from './workspaces';

describe('maskAccountId', () => {
  it('keeps the ends of a long id and hides the middle', () => {
    expect(maskAccountId('12345678')).toBe('12••••78');
    expect(maskAccountId('abcdef')).toBe('a••••f');
  });

  it('never returns the whole id, for any id', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim().length > 0), (id) => {
        const masked = maskAccountId(id);
        expect(masked).not.toBe(id.trim());
        expect(masked).toContain('•');
      }),
    );
  });
});
