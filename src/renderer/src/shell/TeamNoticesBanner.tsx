// The Team workspace's notices of overtaken edits, live (team:noticesChanged), above every page:
// Restore it / Dismiss go to main, which answers the notices left.
import { useShell } from '../data/useShell';
import { scout } from '../data/scoutClient';
import { useScoutQuery } from '../data/useScoutQuery';
import { useScoutMutation } from '../data/useScoutMutation';
import { useProgress } from '../data/useProgress';
import { TeamNoticeList } from './TeamNoticeList';

export function TeamNoticesBanner() {
  const active = useShell((s) => s.workspace?.active);
  // Mounted only in the Team workspace: leaving it forgets its notices.
  return active === 'team' ? <TeamNotices /> : null;
}

type Act = { channel: 'team:restoreNotice' | 'team:dismissNotice'; id: string };

function TeamNotices() {
  const notices = useScoutQuery(() => scout.invoke('team:notices', {}), []);
  useProgress('team:noticesChanged', (changed) => {
    if (changed.workspace === 'team') notices.setData(() => changed.notices);
  });
  // Main answers the notices left.
  const act = useScoutMutation(({ channel, id }: Act) => scout.invoke(channel, { id }), { onSuccess: (left) => notices.setData(() => left) });
  return (
    <TeamNoticeList
      notices={notices.data ?? []}
      busy={act.variables?.id ?? null}
      problem={act.error}
      onRestore={(id) => void act.run({ channel: 'team:restoreNotice', id })}
      onDismiss={(id) => void act.run({ channel: 'team:dismissNotice', id })}
    />
  );
}
