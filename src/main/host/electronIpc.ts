// Electron's transport: one ipcMain.handle per contract channel. Every call checks that it comes
// from Scout's own top-level page before it reaches the dispatcher.
import type { IpcMain, WebContents } from 'electron';
import { channels, EVENT_CHANNEL } from '@shared/channels';
import type { EventBus } from '../kernel/eventBus';
import type { Logger } from '../platform/log';
import type { Dispatch } from './handlers';
import { isTrustedSender } from './senderPolicy';

export function bindIpc(options: {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  dispatch: Dispatch;
  events: EventBus;
  logger: Logger;
  isAppUrl: (url: string) => boolean;
  target: () => WebContents | null;
}): () => void {
  for (const channel of channels) {
    options.ipcMain.handle(channel, (event, payload: unknown) => {
      if (!isTrustedSender(event.senderFrame, options.isAppUrl)) {
        options.logger.warn(`refused ${channel} from an untrusted frame: ${event.senderFrame?.url ?? 'unknown'}`);
        return {
          ok: false,
          error: { code: 'FORBIDDEN_SENDER', message: 'This page is not allowed to talk to Scout.' },
        };
      }
      return options.dispatch(channel, payload);
    });
  }
  const unsubscribe = options.events.subscribe((event) => {
    const target = options.target();
    if (target && !target.isDestroyed()) target.send(EVENT_CHANNEL, event);
  });
  return () => {
    unsubscribe();
    for (const channel of channels) options.ipcMain.removeHandler(channel);
  };
}
