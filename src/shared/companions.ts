// What the report's companion tabs show (Media, History, Brand mentions), as main reads it from
// the API's answers: main parses an answer once and sends these views; the renderer never reads
// the API's JSON of these companions. A figure the answer lacks is null, never 0; so is a
// figure of a period without posts, which the API sends as 0 (api-notes: "no posts in those
// days", not a figure).

/** A cached companion answer, as its tab shows it: when it was fetched, and what it said. */
export interface CompanionDocument<V> {
  fetchedAt: number;
  view: V;
}

/**
 * Set when part of a cached answer could not be read (a cache written by an older Scout, or an
 * answer in a form no longer understood): the view holds what could be read, this says what not.
 */
export interface ViewNote {
  note: string | null;
}

// ---- Media ----

/** One Instagram post. */
export interface InstagramPostView {
  id: string;
  caption: string | null;
  /** The post on instagram.com, null without its URL code. */
  url: string | null;
  thumbnailUrl: string | null;
  /** Epoch ms; null when unknown. */
  postedAt: number | null;
  /** Null when the account hides likes. */
  likes: number | null;
  comments: number | null;
  /** A video's or reel's views; null for a photo and when the answer lacks them. */
  views: number | null;
  er: number | null;
}

/** One list of an Instagram media answer: a group (all, posts, reels, igtv), a sort and a period. */
export interface InstagramMediaListView {
  group: string;
  sort: string;
  period: string;
  /** In the list's order; an id may name a post the answer does not carry. */
  postIds: string[];
  /** Null when hidden, missing, or when the list has no posts. */
  likesAvg: number | null;
  commentsAvg: number | null;
  /** The average views of the list's videos (reels, IGTV); null as above and when it carries none. */
  viewsAvg: number | null;
}

export interface InstagramMediaView extends ViewNote {
  network: 'instagram';
  /** Every post the answer carries, in its order. */
  posts: InstagramPostView[];
  /** Every list, a group's and sort's periods shortest first. */
  lists: InstagramMediaListView[];
}

/** One YouTube video of a media page. */
export interface YoutubeVideoView {
  id: string;
  title: string | null;
  /** The video on youtube.com, null without its id. */
  url: string | null;
  thumbnailUrl: string | null;
  /** Epoch ms; null when unknown (`time_added: 0`). */
  publishedAt: number | null;
  views: number | null;
  likes: number | null;
}

export interface YoutubeMediaView extends ViewNote {
  network: 'youtube';
  /** The pages the answer says there are; null when it does not say. */
  totalPages: number | null;
  videos: YoutubeVideoView[];
}

export type MediaView = InstagramMediaView | YoutubeMediaView;

// ---- History ----

export interface HistoryPointView {
  /** Epoch ms. */
  time: number;
  value: number | null;
}

/** One metric's history (er, subscribers_count …), oldest point first. */
export interface HistorySeriesView {
  metric: string;
  points: HistoryPointView[];
}

export interface HistoryView extends ViewNote {
  /** In the answer's order. */
  series: HistorySeriesView[];
}

// ---- Brand mentions ----

/** A brand that mentions the account in a TikTok period. */
export interface TiktokMentionView {
  key: string;
  /** The brand's title, else its channel key. */
  name: string;
  /** The brand on tiktok.com. */
  url: string | null;
  posts: number | null;
  /** Sum of the mentioning posts' views; null when the period has no posts. */
  views: number | null;
  /** Null when the period has no posts. */
  er: number | null;
}

export interface TiktokMentionsView extends ViewNote {
  network: 'tiktok';
  /** The periods the answer carries, shortest first, each with its brands in the answer's order. */
  periods: { period: string; brands: TiktokMentionView[] }[];
}

/** A brand that mentions the YouTube channel. */
export interface YoutubeMentionView {
  key: string;
  /** The brand's title, else its unique id. */
  name: string;
  /** The brand's channel on youtube.com. */
  url: string | null;
  viewsTotal: number | null;
  links: number | null;
}

export interface YoutubeMentionsView extends ViewNote {
  network: 'youtube';
  brands: YoutubeMentionView[];
}

export type MentionsView = TiktokMentionsView | YoutubeMentionsView;
