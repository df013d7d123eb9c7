import { describe, expect, it } from 'vitest';
import { subpathFromHash } from '../../pages';
import { readReportAddress } from './reportAddress';

const read = (hash: string) => readReportAddress(subpathFromHash(hash));

describe('a report address', () => {
  it('names one account however it is spelled', () => {
    const nasa = { ok: true, account: { network: 'twitch', key: 'nasa', apiName: 'nasa', byUserId: false } };
    for (const hash of ['#/accounts/twitch/nasa', '#/accounts/twitch/@NASA', '#/accounts/twitch/%20NASA%20', '#/accounts/twitch/https%3A%2F%2Fwww.twitch.tv%2FNASA']) {
      expect(read(hash)).toEqual(nasa);
    }
    expect(read('#/accounts/youtube/UCpVm7bg6pXKo1Pr6k5kxG9A')).toMatchObject({ ok: true, account: { key: 'ucpvm7bg6pxko1pr6k5kxg9a', apiName: 'UCpVm7bg6pXKo1Pr6k5kxG9A' } });
  });

  it('says why it cannot be read, rather than opening some page', () => {
    expect(read('#/accounts/myspace/nasa')).toMatchObject({ ok: false, message: expect.stringMatching(/"myspace" is not one of the six networks/) });
    expect(read('#/accounts/twitch/na%E2%80%AEsa')).toMatchObject({ ok: false, message: expect.stringMatching(/invisible character \(U\+202E/) });
    expect(read('#/accounts/twitch/instagram:natgeo')).toMatchObject({ ok: false, message: '"natgeo" is an account on instagram, and this asks about twitch.' });
    expect(read('#/accounts/twitch/nasa/videos')).toMatchObject({ ok: false, message: expect.stringMatching(/not a valid Twitch name/) });
    // A broken %-escape does not throw while the address is read: it is refused by name.
    expect(read('#/accounts/twitch/na%E0%A4%Asa')).toMatchObject({ ok: false, message: expect.stringMatching(/not a valid Twitch name/) });
  });
});
