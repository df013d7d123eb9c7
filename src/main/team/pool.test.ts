// The connection rules of a team database, without a server: TLS with verification for anything
// but loopback, timeouts on every statement, and which failures mean "the server went away".
import { expect, it } from 'vitest';
import pg from 'pg';
import { asTeamError, isConnectionError, isLoopback, teamPoolConfig } from './pool';

const connection = { host: 'db.agency.example', port: 5432, database: 'team', user: 'ada', password: 'not-a-real-one' };

it('talks plain only to loopback; anywhere else over TLS with the certificate verified', () => {
  for (const host of ['127.0.0.1', '127.8.0.1', '::1', '[::1]', 'localhost', '/var/run/postgresql']) expect(isLoopback(host), host).toBe(true);
  for (const host of ['db.agency.example', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', 'localhost.evil.example', '128.0.0.1']) expect(isLoopback(host), host).toBe(false);
  expect(teamPoolConfig({ ...connection, host: '127.0.0.1' }).ssl).toBe(false);
  expect(teamPoolConfig(connection).ssl).toEqual({ rejectUnauthorized: true, servername: 'db.agency.example' });
  expect(teamPoolConfig({ ...connection, host: '10.0.0.5', ca: 'PEM' }).ssl).toEqual({ rejectUnauthorized: true, servername: undefined, ca: 'PEM' });
});

it('bounds connecting, every statement and an idle transaction', () => {
  const config = teamPoolConfig(connection, { statementTimeoutMs: 4_000 });
  expect(config).toMatchObject({ connectionTimeoutMillis: 5_000, statement_timeout: 4_000, query_timeout: 6_000, idle_in_transaction_session_timeout: 8_000, max: 4 });
});

it('tells a server that went away from a refusal, and says neither with a password', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const shutdown = Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'), { code: '57P01' });
  const denied = Object.assign(new pg.DatabaseError('permission denied for table ledger', 0, 'error'), { code: '42501' });
  expect([refused, shutdown, new Error('Connection terminated unexpectedly'), denied].map(isConnectionError)).toEqual([true, true, true, false]);
  expect(asTeamError('claim it for you', refused)).toMatchObject({ code: 'TEAM_UNREACHABLE' });
  expect(asTeamError('claim it for you', denied)).toMatchObject({ code: 'TEAM_REFUSED', message: expect.stringContaining('permission denied') });
});
