// Settings → Backups: each workspace's database backups (taken daily and before every upgrade of
// its format), with a Restore that asks first. Listed even for a workspace that cannot open, since
// that is when a backup is needed.
import { useId, useState } from 'react';
import { useShell } from '../../data/useShell';
import type { BackupInfo } from '@shared/contract';
import type { WorkspaceId } from '@shared/workspaces';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { DataTable, EmptyState, ErrorState, formatAge, formatBytes, formatDateTime, type Column } from '../../shared/ui';

const reasonLabel: Record<BackupInfo['reason'], string> = {
  daily: 'Daily',
  migration: 'Before an upgrade',
};

export function BackupsSection() {
  const workspace = useShell((s) => s.workspace);
  if (!workspace) return <p className="muted">Loading…</p>;
  return (
    <>
      <p className="muted">
        Scout backs up each workspace&apos;s database once a day and before every upgrade of its format, and keeps the three newest.
        Restoring replaces the database with the backup; the current file is kept beside it.
      </p>
      {workspace.workspaces.map((w) => (
        // Keyed by the workspace's state, so a restore or a switch lists afresh.
        <WorkspaceBackups key={w.id} workspace={w.id} label={w.label} problem={w.problem} />
      ))}
    </>
  );
}

function WorkspaceBackups({ workspace, label, problem }: { workspace: WorkspaceId; label: string; problem: string | null }) {
  const [pending, setPending] = useState<BackupInfo | null>(null);
  const [feedback, setFeedback] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const headingId = useId();
  const confirmId = useId();

  // Read again when the workspace's state changes, and after a restore.
  const listing = useScoutQuery(() => scout.invoke('workspace:backups', { workspace }), [workspace], { keepPrevious: true, refreshWhenChanged: [problem] });

  const restoring = useScoutMutation((backup: BackupInfo) => scout.invoke('workspace:restoreBackup', { workspace, backupId: backup.id }), {
    onSuccess: (state, backup) => {
      const after = state.workspaces.find((w) => w.id === workspace)?.problem;
      setFeedback(
        after
          ? { kind: 'error', text: `The backup was put in place, but the workspace still cannot open: ${after}` }
          : { kind: 'ok', text: `Restored the backup taken ${formatDateTime(backup.takenAt)}.` },
      );
    },
    onError: (words) => {
      setFeedback({ kind: 'error', text: words });
      void listing.refresh();
    },
    refresh: [listing],
  });
  const busy = restoring.busy;
  const restore = async (backup: BackupInfo) => {
    setPending(null);
    setFeedback(null);
    await restoring.run(backup);
  };

  // Newest first as listed; each column sorts (Taken and Size by their values).
  const columns: Column<BackupInfo>[] = [
    {
      key: 'takenAt',
      label: 'Taken',
      firstOrder: 'desc',
      sortValue: (b) => b.takenAt,
      cell: (b) => (
        <>
          {formatDateTime(b.takenAt)} <span className="muted">({formatAge(b.takenAt)})</span>
        </>
      ),
    },
    { key: 'reason', label: 'Why', sortValue: (b) => reasonLabel[b.reason], cell: (b) => reasonLabel[b.reason] },
    { key: 'size', label: 'Size', numeric: true, sortValue: (b) => b.size, cell: (b) => formatBytes(b.size), title: (b) => `${b.size} bytes` },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      sortable: false,
      cell: (b) => (
        <button type="button" onClick={() => setPending(b)} disabled={busy} aria-label={`Restore the ${label} backup taken ${formatDateTime(b.takenAt)}`}>
          Restore…
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId} data-testid={`backups-${workspace}`}>
      <h3 id={headingId}>{label}</h3>
      {listing.error !== null ? (
        <ErrorState title="The backups could not be listed.">{listing.error}</ErrorState>
      ) : listing.data === undefined ? (
        <p className="muted">Loading…</p>
      ) : listing.data.length === 0 ? (
        <EmptyState title="No backups yet.">Scout takes one when the workspace opens each day, and before every upgrade of its format.</EmptyState>
      ) : (
        <DataTable<BackupInfo>
          label={`Backups of the ${label} workspace`}
          columns={columns}
          rows={listing.data}
          rowKey={(b) => b.id}
          rowProps={() => ({ 'data-testid': 'backup-row' })}
        />
      )}
      {pending && (
        <div className="callout" role="alertdialog" aria-labelledby={confirmId} data-testid="confirm-restore">
          <p id={confirmId}>
            Restore the {label} workspace from the backup taken <strong>{formatDateTime(pending.takenAt)}</strong>? Everything saved in it since
            then is replaced by the backup (spending included); the current database is kept beside it, not deleted.
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void restore(pending)}>
              Restore this backup
            </button>
            <button type="button" onClick={() => setPending(null)} autoFocus>
              Keep the current database
            </button>
          </div>
        </div>
      )}
      {feedback && (
        <p className={`feedback ${feedback.kind}`} role={feedback.kind === 'error' ? 'alert' : 'status'}>
          {feedback.text}
        </p>
      )}
    </section>
  );
}
