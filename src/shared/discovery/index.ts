// Discovery search query model (spec 4.11), for main and the renderer alike. Pure: no Node or DOM
// imports. catalogue.ts: the filter catalogue (networks, tiers, meanings, labels, key sets);
// body.ts: reading and writing the request body, switching networks, pages; validate.ts:
// validateDiscoveryQuery, which checks and normalises a body before anything is sent.
export {
  discoveryNetworks,
  networkLabels,
  ageGroups,
  ageGroupLabels,
  rateMarks,
  incomeLevels,
  races,
  growthPeriods,
  likesGrowthPeriods,
  gamePeriods,
  sortFields,
  sortOrders,
  contentTypes,
  MAX_USERNAME_EXCLUDE,
  MAX_TWITCH_GAMES,
  countryCodes,
  languageCodes,
  discoveryFilters,
  discoveryFilter,
  filtersFor,
  isDiscoveryNetwork,
  type DiscoveryNetwork,
  type DiscoveryTier,
  type DiscoveryFilterKind,
  type DiscoveryFilterGroup,
  type DiscoveryChoice,
  type DiscoveryFilter,
  type DiscoveryGame,
} from './catalogue';
export {
  DISCOVERY_PAGE_SIZE,
  DISCOVERY_MAX_PAGE,
  filterValue,
  withFilterValue,
  switchNetwork,
  validatePageRange,
  discoveryRequestBody,
  type DiscoveryBody,
} from './body';
export { validateDiscoveryQuery, discoveryFieldMessages, type DiscoveryFieldError, type DiscoveryValidation } from './validate';
