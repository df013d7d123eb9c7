// The only bridge between the sandboxed renderer and main: `window.scout`, with exactly the
// contract's channels. It passes results through untouched; the renderer's client unwraps them.
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL, isChannel, isEventName } from '../shared/channels';

type EventListener = (payload: unknown) => void;

const bridge = {
  invoke(channel: string, request: unknown): Promise<unknown> {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
    return ipcRenderer.invoke(channel, request);
  },
  on(event: string, listener: EventListener): () => void {
    if (!isEventName(event)) throw new Error(`Unknown event ${event}`);
    const wrapped = (_e: unknown, message: { name: string; payload: unknown }) => {
      if (message?.name === event) listener(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
};

export type ScoutBridge = typeof bridge;

contextBridge.exposeInMainWorld('scout', bridge);
