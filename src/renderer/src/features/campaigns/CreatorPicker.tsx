// Adds creators to a campaign from the library (cached reports), the shortlist or a list: tick
// the accounts, then Add. An account already in the campaign is shown ticked and cannot be added twice.
import { useMemo, useState } from 'react';
import type { CampaignCandidate } from '@shared/campaigns';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { ErrorState, plural } from '../../shared/ui';

const SHOWN = 200;

export function CreatorPicker({ added, onAdd }: { added: ReadonlySet<string>; onAdd: (picked: CampaignCandidate[]) => void }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('library');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const candidates = useScoutQuery(() => scout.invoke('campaigns:candidates', {}), [], { enabled: open, reads: ['reports', 'shortlist', 'lists'] });
  const all = candidates.data;
  const source: CampaignCandidate[] = useMemo(() => {
    if (!all) return [];
    if (from === 'library') return all.library;
    if (from === 'shortlist') return all.shortlist;
    return all.lists.find((l) => `list:${l.id}` === from)?.accounts ?? [];
  }, [all, from]);
  const key = (c: CampaignCandidate) => `${c.network}:${c.accountKey}`;
  const needle = text.trim().toLowerCase();
  const shown = source.filter((c) => needle === '' || c.name.toLowerCase().includes(needle)).slice(0, SHOWN);

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} data-testid="add-creators">
        Add creators…
      </button>
    );
  }
  const chosen = source.filter((c) => picked.has(key(c)) && !added.has(key(c)));
  return (
    <div className="creator-picker" role="group" aria-label="Add creators" data-testid="creator-picker">
      <div className="picker-controls">
        <label>
          From{' '}
          <select value={from} onChange={(e) => (setFrom(e.target.value), setPicked(new Set()))} aria-label="Add creators from">
            <option value="library">The library (cached reports)</option>
            <option value="shortlist">The shortlist</option>
            {all?.lists.map((l) => (
              <option key={l.id} value={`list:${l.id}`}>
                List “{l.name}”
              </option>
            ))}
          </select>
        </label>{' '}
        <input type="search" aria-label="Find an account" placeholder="Find an account" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {candidates.error && <ErrorState title="The accounts could not be read.">{candidates.error}</ErrorState>}
      {all && source.length === 0 && <p className="muted">No accounts there yet.</p>}
      {shown.length > 0 && (
        <ul className="picker-list">
          {shown.map((c) => {
            const k = key(c);
            const inCampaign = added.has(k);
            return (
              <li key={k}>
                <label>
                  <input
                    type="checkbox"
                    checked={inCampaign || picked.has(k)}
                    disabled={inCampaign}
                    onChange={(e) => setPicked((p) => (e.target.checked ? new Set([...p, k]) : new Set([...p].filter((x) => x !== k))))}
                  />{' '}
                  {c.name}
                  {inCampaign ? <span className="muted"> · in the campaign</span> : !c.cached && <span className="muted"> · no cached report: the plan cannot forecast it</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {source.length > shown.length && <p className="muted">Showing {shown.length} of {source.length}: find an account to narrow them.</p>}
      <button
        type="button"
        className="primary"
        disabled={chosen.length === 0}
        onClick={() => {
          onAdd(chosen);
          setPicked(new Set());
        }}
      >
        {chosen.length === 0 ? 'Add' : `Add ${plural(chosen.length, 'creator')}`}
      </button>{' '}
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </div>
  );
}
