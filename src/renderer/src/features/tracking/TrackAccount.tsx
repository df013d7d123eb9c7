// "Add to watchlist…" on a report page: puts the account on a watchlist (an existing one, or a
// new daily one named here). Adding spends nothing; the watchlist's refreshes do what it allows.
import { useState, type FormEvent } from 'react';
import type { Network } from '@shared/reports';
import { useScout } from '../../store';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';

const NEW = 'new';

export function TrackAccount({ network, account }: { network: Network; account: string }) {
  const navigate = useScout((s) => s.navigate);
  const [open, setOpen] = useState(false);
  const lists = useScoutQuery(() => scout.invoke('watchlists:list', {}), [], { enabled: open });
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ id: number; name: string } | null>(null);
  const chosen = choice ?? (lists.data && lists.data.length > 0 ? String(lists.data[0]!.id) : NEW);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (chosen === NEW) {
        const made = await scout.invoke('watchlists:create', { name, schedule: 'daily', accounts: [{ network, account }] });
        setAdded({ id: made.id, name: made.name });
      } else {
        const id = Number(chosen);
        await scout.invoke('watchlists:addAccounts', { id, accounts: [{ network, account }] });
        setAdded({ id, name: lists.data?.find((w) => w.id === id)?.name ?? 'the watchlist' });
      }
      setOpen(false);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (!open) {
    return (
      <span className="track-account">
        <button type="button" onClick={() => (setOpen(true), setAdded(null))}>
          Add to watchlist…
        </button>
        {added && (
          <span role="status" className="feedback ok" data-testid="tracked-note">
            On{' '}
            <button type="button" className="link" onClick={() => navigate('tracking', [String(added.id)])}>
              {added.name}
            </button>
            .
          </span>
        )}
      </span>
    );
  }
  return (
    <form
      className="callout track-account-form"
      aria-label="Add to a watchlist"
      noValidate
      onSubmit={(e) => void add(e)}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), setOpen(false))}
    >
      <label>
        Watchlist{' '}
        <select value={chosen} onChange={(e) => setChoice(e.target.value)} disabled={lists.data === undefined}>
          {(lists.data ?? []).map((w) => (
            <option key={w.id} value={String(w.id)}>
              {w.name}
            </option>
          ))}
          <option value={NEW}>New watchlist…</option>
        </select>
      </label>
      {chosen === NEW && (
        <label>
          Name{' '}
          <input autoComplete="off" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} />
        </label>
      )}
      <p className="muted">Adding spends nothing. A watchlist refreshes its accounts for free while their access lasts{chosen === NEW ? ' (this one every day)' : ''}.</p>
      {error && (
        <p role="alert" className="feedback error">
          {error}
        </p>
      )}
      <button type="submit" className="primary">
        Add
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  );
}
