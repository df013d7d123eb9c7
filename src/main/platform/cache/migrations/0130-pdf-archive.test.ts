import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0070 } from './0070-files';
import { migration0130 } from './0130-pdf-archive';

describe('0130 pdf archive', () => {
  it('keeps earlier rows and adds the name asked for, the title and the report date', () => {
    const d = new Database(':memory:');
    migration0070.up(d);
    d.prepare("INSERT INTO pdfs (network, account_key, file_path, pdf_url, link_expires_at, fetched_at, bytes) VALUES ('youtube', 'ucabc', 'a.pdf', NULL, NULL, 5, 10)").run();
    migration0130.up(d);
    expect(d.prepare('SELECT account_key, api_name, title, report_date FROM pdfs').all()).toEqual([{ account_key: 'ucabc', api_name: null, title: null, report_date: null }]);
    d.prepare("INSERT INTO pdfs (network, account_key, file_path, fetched_at, bytes, api_name, title, report_date) VALUES ('youtube', 'ucabc', 'b.pdf', 6, 11, 'UCabc', 'A channel', 4)").run();
    expect(d.prepare('SELECT api_name, title, report_date FROM pdfs WHERE file_path = ?').get('b.pdf')).toEqual({ api_name: 'UCabc', title: 'A channel', report_date: 4 });
    // STRICT still holds for the new columns.
    expect(() => d.prepare("INSERT INTO pdfs (network, account_key, file_path, fetched_at, bytes, report_date) VALUES ('x', 'y', 'c.pdf', 1, 1, 'soon')").run()).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
