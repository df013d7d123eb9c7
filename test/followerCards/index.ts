// A domain that exists only in a test (paidRecipe.integration.test.ts): it adds a paid operation
// through the README's recipe alone, with nothing edited outside this folder.
import { defineDomain } from '../../src/main/domains/context';
import { FollowerCards } from './followerCards';
import { followerCardOperation } from './operations';

declare module '../../src/main/domains/context' {
  interface ServiceMap {
    followerCards: FollowerCards;
  }
}

export const followerCardsDomain = defineDomain({
  name: 'followerCards',
  paidOperations: [followerCardOperation],
  register: (ctx) => {
    const followerCards = new FollowerCards(ctx.db, ctx.paid, ctx.share);
    return { services: { followerCards }, codecs: [followerCards.codec] };
  },
});
