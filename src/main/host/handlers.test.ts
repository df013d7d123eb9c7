import { describe, expect, it } from 'vitest';
import { channels } from '@shared/channels';
import { ScoutError } from '@shared/errors';
import { Logger } from '../platform/log';
import { createDispatcher, type Handlers } from './handlers';

const logger = new Logger('error');

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const fallback = async () => {
    throw new Error('not used');
  };
  return Object.fromEntries(channels.map((c) => [c, overrides[c] ?? fallback])) as unknown as Handlers;
}

describe('dispatcher', () => {
  it('refuses an unknown operation', async () => {
    const dispatch = createDispatcher(handlersWith({}), logger);
    expect(await dispatch('reports:dropTables', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    expect(await dispatch(42, {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
  });

  it('validates input before the handler runs, naming the field', async () => {
    let ran = false;
    const dispatch = createDispatcher(handlersWith({ 'workspace:switch': async () => ((ran = true), undefined as never) }), logger);
    const result = await dispatch('workspace:switch', { workspace: 'staging' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^workspace:/) } });
    expect(ran).toBe(false);
    expect(await dispatch('workspace:switch', 'not an object')).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('says per field what is wrong, in words without the field name, for a form to show beside each field', async () => {
    const dispatch = createDispatcher(handlersWith({}), logger);
    const result = await dispatch('credentials:set', { workspace: 'production', accountId: '', apiToken: 'short' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const fields = (result as { error: { fields?: Record<string, string> } }).error.fields;
    expect(fields).toEqual({ accountId: 'Enter the account id.', apiToken: expect.stringContaining('too short') });
    for (const text of Object.values(fields!)) expect(text).not.toMatch(/accountId|apiToken/);
    // Nothing to point at (a request that is not an object): no fields, the message alone.
    const whole = await dispatch('credentials:set', 'nope');
    expect((whole as { error: { fields?: unknown } }).error.fields).toBeUndefined();
  });

  it('keeps field messages as short as the message (a few fields, each clipped) and redacts them', async () => {
    const redacting = new Logger('error');
    redacting.registerSecret('tok-secret-123456');
    const dispatch = createDispatcher(
      handlersWith({
        'plan:refresh': async () => {
          throw new ScoutError({ code: 'INVALID_INPUT', message: 'no', fields: { apiToken: 'The token tok-secret-123456 was refused.' } });
        },
      }),
      redacting,
    );
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 1]));
    const result = await dispatch('workspace:switch', { workspace: 'x'.repeat(5000), ...many });
    const error = (result as { error: { fields?: Record<string, string> } }).error;
    expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(error.fields ?? {}).length).toBeLessThanOrEqual(10);
    for (const text of Object.values(error.fields ?? {})) expect(text.length).toBeLessThanOrEqual(200);
    const thrown = await dispatch('plan:refresh', {});
    expect(JSON.stringify(thrown)).not.toContain('tok-secret-123456');
    expect(thrown).toMatchObject({ ok: false, error: { fields: { apiToken: expect.stringContaining('The token') } } });
  });

  it('passes typed errors through with their code', async () => {
    const dispatch = createDispatcher(
      handlersWith({
        'plan:refresh': async () => {
          throw new ScoutError({ code: 'OFFLINE', message: 'offline' });
        },
      }),
      logger,
    );
    expect(await dispatch('plan:refresh', {})).toEqual({ ok: false, error: { code: 'OFFLINE', message: 'offline' } });
  });

  it('turns an unexpected exception into INTERNAL with a message for people', async () => {
    const dispatch = createDispatcher(
      handlersWith({
        'plan:get': async () => {
          throw new TypeError('x is undefined');
        },
      }),
      logger,
    );
    const result = await dispatch('plan:get', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/Your data is safe/), detail: 'x is undefined' } });
  });
});
