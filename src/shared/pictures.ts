// How a page's pictures travel from main's cache (`images:get`): shared by the contract, main's
// handler and the page's batcher, and free of the contract's schemas (the first page loads it).

/** At most this many pictures are asked for in one `images:get`. */
export const PICTURES_PER_CALL = 100;

/**
 * One `images:get` answer carries pictures up to about this many bytes (one picture more at
 * most, each capped at 5 MB when stored); the rest are answered `later`. Avatars are a few KB.
 */
export const PICTURES_ANSWER_BYTES = 4 * 1024 * 1024;

/** A data: URL, null when Scout has not stored the picture, or `later`: ask for it again. */
export type PictureAnswer = { dataUrl: string } | { later: true } | null;
