// Step 1 of the recipe for a paid operation (docs/architecture.md): define it once, beside the
// domain. This test-only domain buys a "follower card" of a Twitter account: the account's
// metrics history (auditor.twitterHistory), which unlocks its report and so costs a credit.
import { definePaidOperation } from '../../src/main/kernel/paidOperation';

export const followerCardOperation = definePaidOperation({ name: 'follower_card', what: 'follower card', balance: 'credits', cost: 'quoted' });
