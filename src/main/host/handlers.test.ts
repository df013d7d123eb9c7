import { describe, expect, it } from 'vitest';
import { channels } from '@shared/channels';
import { ScoutError } from '@shared/errors';
import { Logger } from '../log';
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
