// Whether a report is the account a teammate's record is filed under (reportService.isReportOf):
// a misfiled record is set aside, but an honest one must never be (the team would pay again).
import { describe, expect, it } from 'vitest';
import type { Network, ParsedReport } from '../../platform/api/types';
import { isReportOf } from './reportRecords';

const report = (username: string, accountId: string | null = null) => ({ summary: { username, accountId } }) as unknown as ParsedReport;

describe('isReportOf', () => {
  it.each<[Network, string, ParsedReport]>([
    ['instagram', 'natgeo', report('NatGeo')],
    ['instagram', 'natgeo', report('@natgeo')],
    ['tiktok', '@123456', report('123456')],
    ['tiktok', '123456', report('someone', '123456')],
    ['tiktok', 'khaby.lame', report('khaby.lame', '127905465618821121')],
    ['youtube', 'ucabcdefghijklmnopqrstuv', report('handle', 'UCabcdefghijklmnopqrstuv')],
    // A channel asked for by its custom or legacy name: the answer need not carry that name.
    ['youtube', 'foobar', report('foobarofficial', 'UCabcdefghijklmnopqrstuv')],
    ['twitch', 'shroud', report('Shroud')],
  ])('takes %s %s', (network, key, parsed) => {
    expect(isReportOf(network, parsed, key)).toBe(true);
  });

  it.each<[Network, string, ParsedReport]>([
    ['instagram', 'victimz', report('nasa')],
    ['tiktok', '@123456', report('654321')],
    ['youtube', 'ucabcdefghijklmnopqrstuv', report('handle', 'UCzzzzzzzzzzzzzzzzzzzzzz')],
    ['instagram', 'bigname', report('u'.repeat(100))],
  ])('refuses %s %s holding another account', (network, key, parsed) => {
    expect(isReportOf(network, parsed, key)).toBe(false);
  });
});
