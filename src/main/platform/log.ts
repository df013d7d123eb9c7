// One logger for main. Secrets (API tokens, the browser-mode session token) are registered
// when they are first seen and scrubbed from every line before it is written anywhere.
import { inspect } from 'node:util';
import { rotatingFileWriter, type LogRotation } from './logFile';
import { redactText, secretForms } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
type Sink = (line: string) => void;

export class Logger {
  private readonly secrets = new Set<string>();
  private readonly sinks: Sink[] = [];

  constructor(private readonly minLevel: LogLevel = 'info') {}

  /** Registers a value that must never be written. Very short values are not secrets worth the noise. */
  registerSecret(secret: string | null | undefined): void {
    if (secret && secret.length >= 6) for (const form of secretForms(secret)) this.secrets.add(form);
  }

  addSink(sink: Sink): void {
    this.sinks.push(sink);
  }

  /** Appends to a file, rotated by size; the folder is created. Never throws: a log that cannot be written is skipped. */
  addFileSink(file: string, rotation?: LogRotation): void {
    this.addSink(rotatingFileWriter(file, rotation));
  }

  /** The redaction of log lines, also applied to everything main sends the renderer (see redact.ts). */
  redact(text: string): string {
    return redactText(text, this.secrets);
  }

  debug(message: string, ...context: unknown[]): void {
    this.write('debug', message, context);
  }
  info(message: string, ...context: unknown[]): void {
    this.write('info', message, context);
  }
  warn(message: string, ...context: unknown[]): void {
    this.write('warn', message, context);
  }
  error(message: string, ...context: unknown[]): void {
    this.write('error', message, context);
  }

  private write(level: LogLevel, message: string, context: unknown[]): void {
    if (rank[level] < rank[this.minLevel]) return;
    const extra = context.map((c) => (typeof c === 'string' ? c : inspect(c, { depth: 4, breakLength: Infinity })));
    const line = this.redact([new Date().toISOString(), level.toUpperCase(), message, ...extra].join(' '));
    for (const sink of this.sinks) sink(line);
  }
}

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export function createLogger(options: { file?: string; stderr?: boolean; level?: LogLevel } = {}): Logger {
  const logger = new Logger(options.level ?? (process.env.SCOUT_LOG_LEVEL as LogLevel | undefined) ?? 'info');
  if (options.stderr ?? true) logger.addSink((line) => process.stderr.write(line + '\n'));
  if (options.file) logger.addFileSink(options.file);
  return logger;
}
