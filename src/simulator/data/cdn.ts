import type { Network } from './random';

/**
 * Makes the picture links the simulator hands out. The server owns the URL shape (its own
 * `/cdn/…` paths) and their expiry (28 simulated days after they are handed out); data
 * generators only say which picture they mean.
 */
export interface CdnLinker {
  avatar(network: Network, key: string): string;
  thumbnail(network: Network, key: string): string;
}

/** For tests of data generators: stable, recognisable links. */
export const testCdn: CdnLinker = {
  avatar: (network, key) => `http://cdn.test/cdn/avatar/${network}/${encodeURIComponent(key)}.png`,
  thumbnail: (network, key) => `http://cdn.test/cdn/thumb/${network}/${encodeURIComponent(key)}.png`,
};
