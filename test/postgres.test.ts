// The test PostgreSQL itself: a server left running by a run that was killed is stopped and its
// folder deleted by the next start, and restarts keep the data and the port.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bundleFixture, runNode } from './childProcess';
import { describeWithPostgres, processRunning, startPostgres } from './postgres';

describeWithPostgres('test PostgreSQL', () => {
  it('sweeps the server of a killed run on the next start', async () => {
    const child = runNode(bundleFixture('test/fixtures/postgresOwner.ts'), []);
    const folder = (await child.waitFor(/^started /, 30_000)).replace(/^started /, '');
    const postmaster = Number(fs.readFileSync(path.join(folder, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    child.process.kill('SIGKILL');
    await child.exited;
    expect(processRunning(postmaster)).toBe(true);
    const next = await startPostgres();
    try {
      expect(fs.existsSync(folder)).toBe(false);
      expect(processRunning(postmaster)).toBe(false);
    } finally {
      await next.close();
    }
    expect(fs.existsSync(next.folder)).toBe(false);
  }, 60_000);

  it('keeps its data and port through a crash and a clean restart, and ends connections on demand', async () => {
    const server = await startPostgres();
    try {
      const db = await server.createDatabase();
      await server.query('CREATE TABLE kept (v int); INSERT INTO kept VALUES (1)', [], db);
      await server.restart('immediate');
      await server.restart('fast');
      expect((await server.query<{ v: number }>('SELECT v FROM kept', [], db)).rows).toEqual([{ v: 1 }]);
      const { Client } = (await import('pg')).default;
      const held = new Client(server.admin(db));
      held.on('error', () => undefined);
      await held.connect();
      expect(await server.killConnections({ database: db })).toBe(1);
      await expect(held.query('SELECT 1')).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
