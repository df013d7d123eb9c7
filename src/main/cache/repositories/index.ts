// The cache's repositories: plain classes over a workspace's better-sqlite3 database (open it
// with `openDatabase`, which brings the schema up to date). Each prepares its statements once.
export { accountKey, type JsonObject } from './common';
export {
  ReportsRepository,
  librarySortKeys,
  type LibraryItem,
  type LibraryPage,
  type LibraryQuery,
  type LibrarySortKey,
  type OpenedReport,
  type Snapshot,
  type SnapshotListItem,
  type SnapshotMeta,
  type StoredReportState,
  type TiktokType,
} from './reportsRepository';
export { AttemptsRepository, attemptOutcomes, type AttemptOutcome, type AttemptQuery, type FetchAttempt } from './attemptsRepository';
export { SearchIndex } from './searchIndex';
export { toMatchQuery } from './searchText';
export { seriesPaths, type Series } from './series';
export { MediaRepository, type InstagramMedia, type InstagramMediaFetch, type YoutubeMediaPage } from './mediaRepository';
export { HistoryRepository, MentionsRepository, type AccountDocument, type AccountDocumentFetch } from './accountDocuments';
export { CreatorsRepository, type CreatorRecord } from './creatorsRepository';
export { ListsRepository, type ListInfo, type ListItemRecord } from './listsRepository';
export { DiscoveryRepository, type DiscoveryPage, type DiscoveryQueryInfo } from './discoveryRepository';
export { PdfsRepository, type NewPdf, type PdfRecord } from './pdfsRepository';
export { ImagesRepository, imageKey, type ImageRecord } from './imagesRepository';
export { cacheStats, type CacheStats } from './stats';
export { ComparisonsRepository, type ComparisonRecord, type NewComparison } from './comparisonsRepository';
export { WatchlistsRepository, type WatchlistAccountRecord, type WatchlistRecord } from './watchlistsRepository';
export { AlertsRepository, SNAPSHOTS_PER_ACCOUNT, type AlertRecord, type NewAlert } from './alertsRepository';
