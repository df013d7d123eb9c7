// The cache's repositories: plain classes over a workspace's better-sqlite3 database (open it
// with `openDatabase`, which brings the schema up to date). Each prepares its statements once.
export { accountKey, type JsonObject } from './common';
export { SearchIndex } from './searchIndex';
export { toMatchQuery } from './searchText';
export { seriesPaths, type Series } from './series';
export { ImagesRepository, imageKey, type ImageRecord } from './imagesRepository';
export { cacheStats, type CacheStats } from './stats';
