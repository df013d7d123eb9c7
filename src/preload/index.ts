// The only bridge between the sandboxed renderer and main: `window.scout`, with exactly the
// contract's channels. It passes results through untouched; the renderer's client unwraps them.
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL, isChannel, isEventName } from '../shared/channels';
import type { ScoutBridge, ScoutEvent } from '../shared/contract';

// The renderer is untrusted input too: names outside the contract are refused here, before IPC.
const bridge: ScoutBridge = {
  invoke(channel, request) {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown channel ${String(channel)}`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
    const wrapped = (_e: unknown, message: ScoutEvent) => {
      if (message?.name === event) listener(message.payload as Parameters<typeof listener>[0]);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
};

contextBridge.exposeInMainWorld('scout', bridge);
