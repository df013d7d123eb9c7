import type { Migration } from '../migrate';

// Campaigns: a client's campaign, its brand accounts, what counts as its post, its window, the
// agency's media rates (JSON, checked by the contract before they are written), and its
// creators in order, each with what was agreed and the fee. `frozen_plan` is the plan as it was
// when the campaign started ("Start campaign"): kept as written, never read again from the cache.
export const migration0320: Migration = {
  version: 320,
  name: 'campaigns',
  up(db) {
    db.exec(`
      CREATE TABLE campaigns (
        id           INTEGER PRIMARY KEY,
        name         TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        client       TEXT    NOT NULL CHECK (length(client) BETWEEN 1 AND 120),
        currency     TEXT    NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency)),
        brands       TEXT    NOT NULL CHECK (json_valid(brands) AND json_type(brands) = 'object'),
        match        TEXT    NOT NULL CHECK (json_valid(match) AND json_type(match) = 'object'),
        window_from  TEXT    NOT NULL CHECK (window_from GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        window_to    TEXT    NOT NULL CHECK (window_to GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND window_to >= window_from),
        basis_period TEXT    NOT NULL CHECK (basis_period IN ('7d', '30d', '90d', '180d', '365d')),
        rates        TEXT    NOT NULL CHECK (json_valid(rates) AND json_type(rates) = 'object'),
        created_at   INTEGER NOT NULL,
        updated_at   INTEGER NOT NULL,
        started_at   INTEGER,
        frozen_plan  TEXT    CHECK (frozen_plan IS NULL OR json_valid(frozen_plan)),
        CHECK ((started_at IS NULL) = (frozen_plan IS NULL))
      ) STRICT;
      CREATE INDEX campaigns_by_updated_at ON campaigns (updated_at);

      CREATE TABLE campaign_creators (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 0),
        network     TEXT    NOT NULL,
        account_key TEXT    NOT NULL CHECK (length(account_key) BETWEEN 1 AND 400),
        name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 400),
        source      TEXT    NOT NULL CHECK (source IN ('library', 'shortlist', 'list')),
        source_name TEXT,
        posts       INTEGER NOT NULL CHECK (posts BETWEEN 1 AND 100),
        due_dates   TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(due_dates) AND json_type(due_dates) = 'array'),
        fee         REAL    NOT NULL CHECK (fee >= 0),
        PRIMARY KEY (campaign_id, position),
        UNIQUE (campaign_id, network, account_key)
      ) STRICT;
    `);
  },
};
