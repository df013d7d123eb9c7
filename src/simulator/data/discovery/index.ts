// Discovery data for the simulator: the searchable account universe, search validation and
// execution (spec 4.11), the Twitch games catalogue (4.8), creators query validation (4.10)
// and saved lists (4.12). The server wraps these answers in `result` and adds `queries_left`.
export type { SearchNetwork, AgeKey, AqsMark, RateMark, IncomeId, Race } from './taxonomy';
export { searchNetworks, topics, interests, cities } from './taxonomy';
export type { Validation } from './errors';
export { UNIVERSE_SIZE, universe, sortFields } from './universe';
export type { Universe, SortField } from './universe';
export { REFERENCE_NOW, deriveAccount } from './account';
export type { DiscoveryAccount } from './account';
export { validateSearch, fieldNetworks, PAGE_SIZE, MAX_PAGE, MAX_USERNAME_EXCLUDE, MAX_TWITCH_GAMES } from './validate';
export type { SearchQuery, ResolvedSort } from './validate';
export { runSearch, sandboxSearch, SANDBOX_SAMPLE_SIZE } from './search';
export type { SearchPage } from './search';
export { searchGames, games } from './games';
export type { Game } from './games';
export { validateCreatorsQuery, parseOffsetDateTime } from './creators';
export type { CreatorsQuery } from './creators';
export { validateListQuery, listItems, listSize, savedLists } from './lists';
