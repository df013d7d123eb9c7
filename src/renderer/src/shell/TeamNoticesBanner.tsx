// The Team workspace's notices of overtaken edits, live (team:noticesChanged), above every page:
// Restore it / Dismiss go to main, which answers the notices left.
import { useEffect, useState } from 'react';
import type { TeamNotice } from '@shared/teamSync';
import { useScout } from '../store';
import { errorMessage, scout } from '../data/scoutClient';
import { TeamNoticeList } from './TeamNoticeList';

export function TeamNoticesBanner() {
  const active = useScout((s) => s.workspace?.active);
  // Mounted only in the Team workspace: leaving it forgets its notices.
  return active === 'team' ? <TeamNotices /> : null;
}

function TeamNotices() {
  const [notices, setNotices] = useState<TeamNotice[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const off = scout.on('team:noticesChanged', (changed) => {
      if (changed.workspace === 'team') setNotices(changed.notices);
    });
    scout
      .invoke('team:notices', {})
      .then((found) => live && setNotices(found))
      .catch(() => undefined);
    return () => {
      live = false;
      off();
    };
  }, []);

  const act = (channel: 'team:restoreNotice' | 'team:dismissNotice') => async (id: string) => {
    setBusy(id);
    setProblem(null);
    try {
      setNotices(await scout.invoke(channel, { id }));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return <TeamNoticeList notices={notices} busy={busy} problem={problem} onRestore={(id) => void act('team:restoreNotice')(id)} onDismiss={(id) => void act('team:dismissNotice')(id)} />;
}
