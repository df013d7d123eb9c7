// The Twitch games picker: a type-ahead over `discovery:games` (free, asks the API as one types,
// after a short pause), at most three games, shown by title and kept by id. Titles seen are
// remembered for the session, so a reopened query shows them once any search has found them.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { DiscoveryGame } from '@shared/discovery';
import { FormField } from '../../../shared/ui';
import { scout } from '../../../data/scoutClient';
import { useScoutQuery } from '../../../data/useScoutQuery';
import { SubLabel } from './inputs';

const titles = new Map<number, string>();

export function GamesPicker({ label, ids, max, onChange, error }: { label: string; ids: number[]; max: number; onChange(next: number[]): void; error: string | null }) {
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = ids.length >= max;
  const search = typed.trim();
  // Asked after a pause in the typing; the last answer stays until the next one is there.
  const games = useScoutQuery(
    async () => {
      const all = await scout.invoke('discovery:games', { search: search.slice(0, 100) });
      for (const g of all) titles.set(g.id, g.title);
      return all.slice(0, 20);
    },
    [search],
    { enabled: search !== '' && !full, delayMs: 250, keepPrevious: true },
  );
  const setFound = games.setData;
  const answer = games.error ? [] : (games.data ?? []);
  const problem = games.error;
  const searching = games.loading;
  // A new answer starts at its first game.
  const [shown, setShown] = useState(games.data);
  if (games.data !== shown) {
    setShown(games.data);
    setActive(0);
  }
  // What the last search found, while there is something to search for.
  const found = search === '' || full ? [] : answer;

  const pick = (game: DiscoveryGame) => {
    if (full || ids.includes(game.id)) return;
    onChange([...ids, game.id]);
    setTyped('');
    setFound(() => []);
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (found.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : found.length - 1)) % found.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const game = found[active];
      if (game) pick(game);
    } else if (e.key === 'Escape') {
      setFound(() => []);
    }
  };
  const open = found.length > 0;

  return (
    <div className="dq-games">
      {ids.length > 0 && (
        <ul className="dq-chips" aria-label={`${label} picked`}>
          {ids.map((id) => (
            <li key={id} className="dq-chip">
              {titles.get(id) ?? `Game ${id}`} <span className="muted">#{id}</span>
              <button type="button" className="dq-chip-remove" aria-label={`Remove ${titles.get(id) ?? `game ${id}`} from ${label}`} onClick={() => onChange(ids.filter((g) => g !== id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormField
        label={<SubLabel name={label} sub="search" />}
        error={error ?? problem}
        help={full ? `${max} games picked, the most a search takes: remove one to pick another.` : searching ? 'Searching…' : `Type part of a title; pick up to ${max}. Channels must have streamed all of them.`}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open ? `${listId}-${active}` : undefined}
            value={typed}
            disabled={full}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
      </FormField>
      <ul id={listId} role="listbox" aria-label={`${label} found`} className="dq-options" hidden={!open}>
        {found.map((g, i) => (
          <li
            key={g.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={ids.includes(g.id) || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(g)}
          >
            {g.title} <span className="muted">#{g.id}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
