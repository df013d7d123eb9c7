// Discovery: compose a search over every filter of the API (the query builder), name and save
// it, see what a run will cost before anything is spent, run it in the sandbox (free sample
// data) or in production, and work with what it found — from the cache, so a page is never
// paid for twice and everything shows offline.
import { useId, useMemo, useState } from 'react';
import { saveDiscoveryQuery } from '../../data/runs';
import { discoveryFilters, filterValue, networkLabels, validateDiscoveryQuery, type DiscoveryBody } from '@shared/discovery';
import { StatusBadge } from '../../shared/ui';
import { useScout } from '../../store';
import { QueryBuilder } from './QueryBuilder';
import { canonicalBody } from './discoverySlice';
import { Results } from './Results';
import { RunPanel } from './RunPanel';
import { SavedQueries } from './SavedQueries';
import { Shortlist } from './Shortlist';

/** The filters a body sets, by their labels: what a folded builder says of the query. */
function filtersSet(body: DiscoveryBody): string[] {
  return discoveryFilters.filter((f) => f.networks.includes(body.social_network) && filterValue(body, f.key) !== undefined).map((f) => f.label);
}

export function DiscoveryPage() {
  const draft = useScout((s) => s.discoveryDraft);
  const setDraft = useScout((s) => s.setDiscoveryDraft);
  const errors = useScout((s) => s.discoveryErrors);
  const status = useScout((s) => s.discoveryStatus);
  const save = saveDiscoveryQuery;
  const nameId = useId();
  const nameError = errors.find((e) => e.field === 'name')?.message ?? null;
  // A saved query opens on its results with its filters folded; a new one opens on its filters.
  const [filtersOpen, setFiltersOpen] = useState(draft.queryId === null);
  const [openFor, setOpenFor] = useState(draft.queryId);
  if (openFor !== draft.queryId) {
    setOpenFor(draft.queryId);
    setFiltersOpen(draft.queryId === null);
  }

  const validation = useMemo(() => validateDiscoveryQuery(draft.body), [draft.body]);
  const bodyKey = validation.ok ? canonicalBody(validation.body) : null;
  const unsaved = draft.queryId === null ? draft.name.trim() !== '' || Object.keys(draft.body).length > 1 : bodyKey !== draft.savedBody;
  // The builder shows its own live checks; what main or a refused save said is shown there too.
  const builderErrors = useMemo(() => {
    const local = validation.ok ? [] : validation.errors;
    const seen = new Set(local.map((e) => e.field));
    return [...local, ...errors.filter((e) => e.field !== 'page' && e.field !== 'name' && !seen.has(e.field))];
  }, [validation, errors]);
  const set = filtersSet(draft.body);
  // A field with a problem is never folded away.
  const showFilters = filtersOpen || builderErrors.length > 0;

  return (
    <section aria-labelledby="page-title" data-testid="page-discovery" className="discovery-page">
      <h1 id="page-title" tabIndex={-1}>
        Discovery
      </h1>
      <div className="discovery-layout">
        <SavedQueries />
        <div className="discovery-work">
          <section className="card discovery-query" aria-labelledby="query-title">
            <h2 id="query-title" className="visually-hidden">
              Query
            </h2>
            <form
              className="discovery-name"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <div className="form-field" data-invalid={nameError ? 'true' : undefined}>
                <label htmlFor={nameId}>Query name</label>
                <div className="form-field-control">
                  <div className="form-field-input">
                    <input
                      id={nameId}
                      value={draft.name}
                      placeholder="e.g. Fitness creators, US audience"
                      onChange={(e) => setDraft({ name: e.target.value })}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${nameId}-error` : undefined}
                      maxLength={200}
                      data-testid="query-name"
                    />
                    <button type="submit" className="primary" data-testid="save-query">
                      {draft.queryId === null ? 'Save query' : 'Save changes'}
                    </button>
                    {draft.queryId !== null && (unsaved ? <StatusBadge tone="warning">Unsaved changes</StatusBadge> : <StatusBadge tone="ok">Saved</StatusBadge>)}
                  </div>
                  {nameError && (
                    <p id={`${nameId}-error`} className="field-error" role="alert">
                      {nameError}
                    </p>
                  )}
                  {draft.queryId !== null && unsaved && <p className="field-help muted">Runs of unsaved changes are not added to this query’s history; save first to keep them there.</p>}
                </div>
              </div>
            </form>
            {status && (
              <p role="status" className="discovery-status" data-testid="discovery-status">
                {status}
              </p>
            )}
            <div className="discovery-filters-head">
              <p className="discovery-filters-summary" data-testid="filters-summary">
                <strong>{networkLabels[draft.body.social_network]}</strong>
                {set.length === 0 ? ', no filters set' : `: ${set.join(', ')}`}
              </p>
              <button type="button" aria-expanded={showFilters} aria-controls="discovery-builder" onClick={() => setFiltersOpen(!showFilters)} disabled={builderErrors.length > 0} data-testid="toggle-filters">
                {showFilters ? 'Hide filters' : 'Edit filters'}
              </button>
            </div>
            <div id="discovery-builder" hidden={!showFilters}>
              <QueryBuilder body={draft.body} onChange={(body) => setDraft({ body })} errors={builderErrors} />
            </div>
          </section>
          <RunPanel valid={validation.ok} />
          <Results bodyKey={bodyKey} sandbox={draft.sandbox} name={draft.name} />
          <Shortlist />
        </div>
      </div>
    </section>
  );
}
