// The shell's server state on screen: the app's one Shell (data/shell.ts) and its hook.
//
//   const active = useShell((s) => s.workspace?.active);   re-renders when that value changes
//   void shell.refreshPlan();                               the shell's actions
//
// Outside React (a store's action, a handler), `shell.getState()` and `shell.activeWorkspace()`.
import { useSyncExternalStore } from 'react';
import { scout } from './scoutClient';
import { Shell, type ShellState } from './shell';

export type { ShellState };

export const shell = new Shell(scout);

/** A value of the shell's state; the component re-renders when it changes (Object.is). */
export function useShell<T>(select: (state: ShellState) => T): T {
  return useSyncExternalStore(shell.subscribe, () => select(shell.getState()));
}
