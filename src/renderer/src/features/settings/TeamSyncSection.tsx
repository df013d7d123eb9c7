// Settings → Team database: where the sharing stands (live, from team:sync) and "Receive the team's
// cache", a job with its progress that can be cancelled. The screens read again on their own as
// the team's records land (team:received).
import { useEffect, useState } from 'react';
import type { TeamJoinResult, TeamSyncView } from '@shared/teamSync';
import { errorMessage, scout } from '../../data/scoutClient';
import { joinOutcome } from './teamSyncModel';
import { TeamSyncPanel } from './TeamSyncPanel';

type TeamSync = Extract<TeamSyncView, { team: true }>;

export function TeamSyncSection() {
  const [view, setView] = useState<TeamSync | null>(null);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    const off = scout.on('team:sync', (next) => {
      if (next.team) setView(next);
    });
    scout
      .invoke('team:syncStatus', {})
      .then((next) => {
        if (live && next.team) setView((current) => current ?? next);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off();
    };
  }, []);

  if (!view) return null;

  const receive = async () => {
    setOutcome(null);
    setStarting(true);
    try {
      const result: TeamJoinResult = await scout.invoke('team:join', {});
      setOutcome({ text: joinOutcome(result), error: false });
    } catch (error) {
      setOutcome({ text: errorMessage(error), error: true });
    } finally {
      setStarting(false);
    }
  };
  const cancel = () => void scout.invoke('team:cancelJoin', {}).catch(() => undefined);

  return <TeamSyncPanel view={view} starting={starting} outcome={outcome} onReceive={() => void receive()} onCancel={cancel} />;
}
