import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Logger } from './log';

describe('log file', () => {
  it('rotates by size and keeps the newest files, private', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-log-')), 'logs', 'scout.log');
    const logger = new Logger('info');
    logger.addFileSink(file, { maxBytes: 1000, keep: 3 });
    for (let i = 0; i < 100; i++) logger.info(`line ${String(i).padStart(3, '0')} ${'x'.repeat(60)}`);
    const dir = path.dirname(file);
    expect(fs.readdirSync(dir).sort()).toEqual(['scout.log', 'scout.log.1', 'scout.log.2', 'scout.log.3']);
    for (const name of fs.readdirSync(dir)) {
      expect(fs.statSync(path.join(dir, name)).size).toBeLessThanOrEqual(1000);
      expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // The newest line is in the current file, the ones before it in .1, nothing lost in between.
    const lines = ['scout.log.3', 'scout.log.2', 'scout.log.1', 'scout.log']
      .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n'))
      .map((line) => Number(/line (\d+)/.exec(line)![1]));
    expect(lines.at(-1)).toBe(99);
    expect(lines).toEqual(lines.map((_, i) => lines[0]! + i));
    expect(lines[0]).toBeGreaterThan(0);
  });

  it('continues the size of an existing file across restarts', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-log-')), 'scout.log');
    fs.writeFileSync(file, 'y'.repeat(950) + '\n');
    const logger = new Logger('info');
    logger.addFileSink(file, { maxBytes: 1000, keep: 3 });
    logger.info('z'.repeat(80));
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toMatch(/^y+\n$/);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/z{80}\n$/);
  });
});
