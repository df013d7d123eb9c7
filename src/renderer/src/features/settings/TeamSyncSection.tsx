// Settings → Team database: where the sharing stands (live, from team:sync) and "Receive the team's
// cache", a job with its progress that can be cancelled. The screens read again on their own as
// the team's records land (team:received).
import { useState } from 'react';
import type { TeamSyncView } from '@shared/teamSync';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { useProgress } from '../../data/useProgress';
import { joinOutcome } from './teamSyncModel';
import { TeamSyncPanel } from './TeamSyncPanel';

type TeamSync = Extract<TeamSyncView, { team: true }>;

export function TeamSyncSection() {
  const status = useScoutQuery(() => scout.invoke('team:syncStatus', {}), []);
  // What main pushed last: newer than any answer to the status asked once.
  const [pushed, setPushed] = useState<TeamSync | null>(null);
  useProgress('team:sync', (next) => {
    if (next.team) setPushed(next);
  });
  const [joined, setJoined] = useState<string | null>(null);
  const join = useScoutMutation(() => scout.invoke('team:join', {}), { onSuccess: (result) => setJoined(joinOutcome(result)) });
  const outcome = join.error !== null ? { text: join.error, error: true } : joined !== null ? { text: joined, error: false } : null;

  const view = pushed ?? (status.data?.team ? status.data : null);
  if (!view) return null;

  const receive = () => {
    setJoined(null);
    void join.run();
  };
  const cancel = () => void scout.invoke('team:cancelJoin', {}).catch(() => undefined);

  return <TeamSyncPanel view={view} starting={join.busy} outcome={outcome} onReceive={receive} onCancel={cancel} />;
}
