import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Logger } from './log';

describe('logger', () => {
  it('never writes a registered secret, wherever it appears', () => {
    const lines: string[] = [];
    const log = new Logger('debug');
    log.addSink((l) => lines.push(l));
    log.registerSecret('tok_SECRET_123456');
    log.info('calling with tok_SECRET_123456', { headers: { 'x-auth-token': 'tok_SECRET_123456' } });
    log.error('failed', new Error('bad token tok_SECRET_123456'));
    expect(lines.join('\n')).not.toContain('tok_SECRET_123456');
    expect(lines.join('\n')).toContain('[redacted]');
  });

  it('scrubs values of secret-named fields even when the secret was never registered', () => {
    const lines: string[] = [];
    const log = new Logger();
    log.addSink((l) => lines.push(l));
    log.warn('request', { 'x-auth-token': 'unregistered-value-42', apiToken: 'another-one-77' });
    const text = lines.join('\n');
    expect(text).not.toContain('unregistered-value-42');
    expect(text).not.toContain('another-one-77');
  });

  it('writes to a file sink', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-log-')), 'logs', 'scout.log');
    const log = new Logger();
    log.addFileSink(file);
    log.info('hello');
    expect(fs.readFileSync(file, 'utf8')).toMatch(/INFO hello/);
  });
});
