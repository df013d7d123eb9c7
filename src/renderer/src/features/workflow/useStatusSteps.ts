// The workspace's status steps, read once per screen and again whenever they change (any window)
// or a teammate's statuses or steps arrive.
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';

export function useStatusSteps() {
  return useScoutQuery(() => scout.invoke('workflow:steps', {}), [], { keepPrevious: true, refreshOn: ['workflow:changed', teamReceived('account_notes', 'status_steps')] });
}
