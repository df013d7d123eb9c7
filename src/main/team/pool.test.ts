// The connection rules of a team database, without a server: TLS with verification for anything
// but loopback, timeouts on every statement, and which failures mean "the server went away".
import net from 'node:net';
import { expect, it } from 'vitest';
import pg from 'pg';
import { asTeamError, createTeamPool, isConnectionError, isLoopback, teamPoolConfig } from './pool';

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

/** One message of the PostgreSQL wire protocol: its type, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

it('a server shutting down as a connection is made ("ready" and "terminating" in one packet) fails the statement, and throws nothing from the socket', async () => {
  // What a real server did on CI when stopped while a laptop connected: pg-pool hands the new
  // client over on "ready" and the FATAL that follows in the same read is emitted before the
  // caller can listen — thrown from the process, unless the pool's clients listen from birth.
  const fatal = Buffer.concat([
    ...[['S', 'FATAL'], ['V', 'FATAL'], ['C', '57P01'], ['M', 'terminating connection due to administrator command']].map(([k, v]) => Buffer.from(`${k}${v}\0`, 'latin1')),
    Buffer.from([0]),
  ]);
  const goodbye = Buffer.concat([message('R', Buffer.from([0, 0, 0, 0])), message('Z', Buffer.from('I', 'latin1')), message('E', fatal)]);
  const server = net.createServer((socket) => socket.once('data', () => socket.end(goodbye)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = createTeamPool({ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port, database: 'team', user: 'ada', password: 'not-a-real-one' });
  try {
    const client = await pool.connect();
    const failed = await client.query('SELECT 1').catch((error: unknown) => error);
    client.release(true);
    expect(isConnectionError(failed)).toBe(true);
    expect(asTeamError('read the ledger', failed)).toMatchObject({ code: 'TEAM_UNREACHABLE' });
  } finally {
    await pool.end();
    await new Promise((resolve) => server.close(resolve));
  }
});
