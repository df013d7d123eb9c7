// The discovery query builder (spec 4.11): a controlled editor of one search body. The network
// selector shows only the filters valid for that network (switching drops the others and says
// which), grouped, each with its tier (Basic / Pro) and meaning, an input fit for its kind and
// its errors beside the input they are about; under it the exact request body of page 1.
//
// Hooks for end-to-end tests (stable; labels are the catalogue's, src/shared/discovery/catalogue.ts):
// - Network: a radio group named "Social network"; pick with getByRole('radio', { name: 'YouTube' }).
//   Filters dropped by a switch are named in a status line with data-testid="dq-dropped".
// - Each filter's wrapper has data-filter={key} (e.g. data-filter="er", "blogger_prices.post_price")
//   and data-invalid="true" while it has an error. A tier badge (Basic / Pro) sits in its heading.
// - Inputs by accessible label (getByLabel), with L the filter's label:
//   keywords, text:             L                      (comma separated for keywords)
//   range, ageRange:            `${L} from`, `${L} to` (fromOnly: `${L} from` only)
//   since (last_media_time):    L                      (a date input)
//   includeExclude:             `${L} include`, `${L} exclude` (comma separated)
//   languages:                  L                      (type a code, press Enter; chips removable
//                                                       by "Remove <code> from L")
//   accountGeo:                 `${L} countries` (codes, Enter), `${L} city ids` (Instagram)
//   audienceGeo:                `${L} countries` (codes, Enter), then `${L} <CODE> (<name>) share`
//                               per country; Instagram cities: "Add city", `${L} city <n> id`,
//                               `${L} city <n> share`
//   audienceAge:                checkboxes in the group `${L} groups` (13–17 … 65+), `${L} share`
//   audienceGender, income:     select L, `${L} share`
//   choice / boolean / verified: select L (choice with several values: checkboxes in group L)
//   marks:                      checkboxes in group L (Poor … Excellent)
//   growth:                     select `${L} period`, `${L} from`, `${L} to`
//   ethnicity:                  checkboxes in group L, then `${L} <Race> share`
//   idShares (interests):       "Add interest", `${L} <n> id`, `${L} <n> share`
//   usernames:                  textarea L, one per line
//   games (twitch_games):       combobox `${L} search` (options in listbox `${L} found`), select
//                               `${L} period`; picked games listed in `${L} picked`
//   sort:                       select L (field), select `${L} order`
//   Every filter with a value has a "Clear <L>" button.
// - The request body: a <pre> with data-testid="dq-request-body" (JSON of page 1).
import { useState } from 'react';
import {
  discoveryFilter,
  discoveryNetworks,
  discoveryRequestBody,
  filterValue,
  filtersFor,
  networkLabels,
  switchNetwork,
  validateDiscoveryQuery,
  withFilterValue,
  type DiscoveryBody,
  type DiscoveryFieldError,
  type DiscoveryFilter,
  type DiscoveryFilterGroup,
  type DiscoveryNetwork,
} from '@shared/discovery';
import { Choices } from '../../shared/Choices';
import { FilterCard } from './builder/FilterCard';

export interface QueryBuilderProps {
  body: DiscoveryBody;
  onChange(body: DiscoveryBody): void;
  errors: DiscoveryFieldError[];
}

const groupOrder: DiscoveryFilterGroup[] = ['Keywords', 'Account', 'Audience', 'Performance', 'Twitch', 'Twitter', 'Sorting'];
/**
 * The two long groups start folded, so the page opens on keywords and performance rather than
 * on forty inputs; a group holding a value opens, and one holding an error cannot be folded.
 */
const foldedAtFirst = new Set<DiscoveryFilterGroup>(['Account', 'Audience']);

export function QueryBuilder({ body, onChange, errors }: QueryBuilderProps) {
  const [dropped, setDropped] = useState<{ network: DiscoveryNetwork; labels: string[] } | null>(null);
  const [unfolded, setUnfolded] = useState<Partial<Record<DiscoveryFilterGroup, boolean>>>({});
  const network = body.social_network;
  const filters = filtersFor(network);
  const groups = groupOrder.map((g) => ({ group: g, filters: filters.filter((f) => f.group === g) })).filter((g) => g.filters.length > 0);

  const changeNetwork = (next: DiscoveryNetwork) => {
    if (next === network) return;
    const switched = switchNetwork(body, next);
    setDropped({ network: next, labels: switched.dropped.map(droppedLabel) });
    onChange(switched.body);
  };
  const setFilter = (f: DiscoveryFilter, value: unknown) => {
    setDropped(null);
    onChange(withFilterValue(body, f.key, value));
  };

  // Errors no filter of this network shows: the network itself, and fields it does not have.
  const shown = new Set(filters.map((f) => f.key));
  const elsewhere = errors.filter((e) => e.field !== 'social_network' && !shown.has(e.field) && ![...shown].some((k) => e.field.startsWith(`${k}.`)));
  const networkError = errors.filter((e) => e.field === 'social_network').map((e) => e.message);

  return (
    <div className="query-builder">
      <div className="dq-network">
        <span className="dq-network-label" id="dq-network-label">
          Social network
        </span>
        <Choices
          kind="radios"
          label="Social network"
          className="dq-network-choices"
          options={discoveryNetworks.map((n) => ({ value: n, label: networkLabels[n] }))}
          value={network}
          onChange={changeNetwork}
        />
        {networkError.map((m, i) => (
          <p key={i} className="field-error" role="alert">
            {m}
          </p>
        ))}
      </div>
      <p role="status" className="dq-dropped muted" data-testid="dq-dropped">
        {dropped && dropped.labels.length > 0
          ? `Switched to ${networkLabels[dropped.network]}: removed ${dropped.labels.join(', ')} (not available there).`
          : ''}
      </p>
      {elsewhere.length > 0 && (
        <ul className="dq-other-errors" aria-label="Other problems with the query">
          {elsewhere.map((e, i) => (
            <li key={i} className="field-error" role="alert">
              {e.message}
            </li>
          ))}
        </ul>
      )}
      {groups.map(({ group, filters: inGroup }) => {
        const errorsOf = (f: DiscoveryFilter) => errors.filter((e) => e.field === f.key || e.field.startsWith(`${f.key}.`));
        const set = inGroup.filter((f) => filterValue(body, f.key) !== undefined).length;
        const wrong = inGroup.some((f) => errorsOf(f).length > 0);
        const open = wrong || (unfolded[group] ?? (set > 0 || !foldedAtFirst.has(group)));
        return (
          <details
            key={group}
            className="dq-group"
            data-group={group}
            open={open}
            onToggle={(e) => {
              const now = (e.currentTarget as HTMLDetailsElement).open;
              if (now !== open) setUnfolded((u) => ({ ...u, [group]: now }));
            }}
          >
            <summary>
              <span className="dq-group-name">{group}</span>{' '}
              <span className="muted">
                {inGroup.length} {inGroup.length === 1 ? 'filter' : 'filters'}
                {set > 0 ? `, ${set} set` : ''}
              </span>
            </summary>
            <fieldset className="dq-group-fields">
              <legend className="visually-hidden">{group}</legend>
              {inGroup.map((f) => (
                <FilterCard
                  key={`${network}:${f.key}`}
                  filter={f}
                  network={network}
                  value={filterValue(body, f.key)}
                  onChange={(value) => setFilter(f, value)}
                  errors={errorsOf(f)}
                />
              ))}
            </fieldset>
          </details>
        );
      })}
      <RequestPreview body={body} />
    </div>
  );
}

function droppedLabel(f: DiscoveryFilter): string {
  const parent = discoveryFilter(f.key);
  if (parent) return parent.label;
  // A part of a filter (account_geo.city): "Account location (city)".
  const [key, part] = [f.key.slice(0, f.key.lastIndexOf('.')), f.key.slice(f.key.lastIndexOf('.') + 1)];
  return `${discoveryFilter(key)?.label ?? key} (${part})`;
}

/** The JSON of page 1: as it will be sent (normalised) when the query is valid, as typed otherwise. */
function RequestPreview({ body }: { body: DiscoveryBody }) {
  const validation = validateDiscoveryQuery(body);
  const sent = discoveryRequestBody(validation.ok ? validation.body : body, 1);
  return (
    <section className="dq-preview" aria-labelledby="dq-preview-title">
      <h3 id="dq-preview-title">Request body</h3>
      <p className="muted">
        {validation.ok ? 'Sent exactly like this for page 1 (each further page changes only "page").' : 'As typed: fix the problems marked above before it can be sent.'}
      </p>
      <pre className="dq-json" data-testid="dq-request-body" tabIndex={0} aria-labelledby="dq-preview-title">
        {JSON.stringify(sent, null, 2)}
      </pre>
    </section>
  );
}
