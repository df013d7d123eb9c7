import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0060 } from './0060-discovery-and-competitor';

function db() {
  const d = new Database(':memory:');
  d.pragma('foreign_keys = ON');
  migration0060.up(d);
  return d;
}

describe('0060 discovery-and-competitor', () => {
  it('keeps discovery pages under their query, one row per page', () => {
    const d = db();
    d.prepare("INSERT INTO discovery_queries (query_hash, network, query, first_fetched_at, last_fetched_at) VALUES ('h', 'instagram', jsonb('{}'), 1, 1)").run();
    const page = d.prepare("INSERT INTO discovery_pages (query_hash, page, fetched_at, result_count, queries_left, raw) VALUES (?, ?, 1, 20, 99, jsonb('{\"search_results\":[]}'))");
    page.run('h', 1);
    page.run('h', 2);
    expect(() => page.run('h', 2)).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => page.run('unknown', 1)).toThrow(/FOREIGN KEY/);
    d.prepare("DELETE FROM discovery_queries WHERE query_hash = 'h'").run();
    expect(d.prepare('SELECT count(*) FROM discovery_pages').pluck().get()).toBe(0);
  });

  it('keeps competitor reports with aggregates and pages of posts', () => {
    const d = db();
    d.prepare(
      "INSERT INTO competitor_reports (report_id, username, state, created_at, updated_at, description) VALUES ('r1', 'nike', 0, 1, 1, jsonb('{\"basic\":{\"state\":0}}'))",
    ).run();
    d.prepare("UPDATE competitor_reports SET state = 10, aggregates = jsonb('{\"emv_value\":5}'), aggregates_fetched_at = 2 WHERE report_id = 'r1'").run();
    d.prepare("INSERT INTO competitor_posts (report_id, page, size, fetched_at, post_count, posts) VALUES ('r1', 0, 2, 2, 2, jsonb('[{\"post\":\"a\"},{\"post\":\"b\"}]'))").run();
    expect(d.prepare("SELECT aggregates ->> '$.emv_value' FROM competitor_reports").pluck().get()).toBe(5);
    expect(d.prepare("SELECT posts ->> '$[1].post' FROM competitor_posts").pluck().get()).toBe('b');
    expect(() => d.prepare("INSERT INTO competitor_posts (report_id, page, size, fetched_at, post_count, posts) VALUES ('nope', 0, 2, 2, 0, jsonb('[]'))").run()).toThrow(
      /FOREIGN KEY/,
    );
  });
});
