// One filter of the builder: its label, tier and meaning, the inputs its kind needs, and its
// errors beside the inputs they are about (errors about the whole filter under its heading).
import type { ReactNode } from 'react';
import { ageGroupLabels, ageGroups, countryCodes, type DiscoveryFieldError, type DiscoveryFilter, type DiscoveryNetwork } from '@shared/discovery';
import { FormField, StatusBadge } from '../../../shared/ui';
import { countryName } from '@shared/reportModel';
import { CheckboxGroup, CodeList, NumberInput, RangeInputs, SelectInput, ShareRows, SubLabel, TextInput } from './inputs';
import { GamesPicker } from './GamesPicker';
import { asArray, asObj, dateOfSeconds, errorAt, joinList, secondsOfDate, splitList, text, withKey } from './values';

/** The parts of a filter that have inputs of their own: their errors show there, the rest under the heading. */
export function partsOf(f: DiscoveryFilter): string[] {
  switch (f.kind) {
    case 'range':
    case 'ageRange':
      return ['from', 'to'];
    case 'growth':
      return ['period', 'from', 'to'];
    case 'since':
      return ['from'];
    case 'includeExclude':
      return ['include', 'exclude'];
    case 'accountGeo':
      return ['country', 'city'];
    case 'audienceGeo':
      return ['countries', 'cities'];
    case 'audienceAge':
      return ['groups', 'prc'];
    case 'audienceGender':
      return ['gender', 'prc'];
    case 'income':
      return ['id', 'prc'];
    case 'marks':
      return ['marks'];
    case 'games':
      return ['period', 'games'];
    case 'sort':
      return ['field', 'order'];
    default:
      return [];
  }
}

/** Kinds with one main input: the errors at the filter's key show beside it. */
const singleInput = new Set(['keywords', 'text', 'languages', 'countries', 'choice', 'boolean', 'verified', 'usernames', 'ethnicity', 'idShares']);

interface Props {
  filter: DiscoveryFilter;
  network: DiscoveryNetwork;
  value: unknown;
  onChange(next: unknown): void;
  errors: readonly DiscoveryFieldError[];
}

export function FilterCard({ filter: f, network, value, onChange, errors }: Props) {
  const key = f.key;
  const at = (part: string) => errorAt(errors, `${key}.${part}`);
  const own = errorAt(errors, key);
  // Errors under the key that no input of this kind shows (an unknown part, say) go under the heading too.
  const parts = partsOf(f);
  const stray = errors.filter((e) => e.field.startsWith(`${key}.`) && !parts.includes(e.field.slice(key.length + 1))).map((e) => e.message);
  const headingErrors = [...(singleInput.has(f.kind) || own === null ? [] : [own]), ...stray];
  const tier = f.tier[network] ?? 'Basic';
  const hasValue = value !== undefined;
  return (
    <div className="dq-filter" data-filter={key} data-kind={f.kind} data-invalid={own || stray.length > 0 || parts.some((p) => at(p)) ? 'true' : undefined}>
      <div className="dq-filter-head">
        <span className="dq-filter-label" aria-hidden="true">
          {f.label}
        </span>
        <StatusBadge tone={tier === 'Pro' ? 'info' : 'neutral'} title={tier === 'Pro' ? 'Needs the Pro plan' : 'Available from the Basic plan'}>
          {tier}
        </StatusBadge>
        {hasValue && (
          <button type="button" className="dq-clear" aria-label={`Clear ${f.label}`} onClick={() => onChange(undefined)}>
            Clear
          </button>
        )}
      </div>
      <p className="muted dq-meaning">{f.meaning}</p>
      {headingErrors.map((m, i) => (
        <p key={i} className="field-error" role="alert">
          {m}
        </p>
      ))}
      <FilterInput f={f} network={network} value={value} onChange={onChange} own={singleInput.has(f.kind) ? own : null} at={at} />
    </div>
  );
}

function FilterInput({ f, network, value, onChange, own, at }: {
  f: DiscoveryFilter;
  network: DiscoveryNetwork;
  value: unknown;
  onChange(next: unknown): void;
  own: string | null;
  at(part: string): string | null;
}): ReactNode {
  const label = f.label;
  const v = asObj(value);
  const set = (part: string, next: unknown) => onChange(withKey(value, part, next));
  switch (f.kind) {
    case 'keywords':
      return <TextInput label={label} value={joinList(value, ',')} error={own} help="Separate words with commas." onChange={(t) => onChange(splitList(t, ','))} />;
    case 'text':
      return <TextInput label={label} value={text(value)} error={own} placeholder={f.hint?.[network]} help={f.hint?.[network]} onChange={(t) => onChange(t === '' ? undefined : t)} />;
    case 'includeExclude': {
      const what = f.items === 'usernames' ? 'Usernames, separated by commas.' : 'Ids (whole numbers), separated by commas.';
      return (
        <div className="dq-pair">
          <TextInput label={<SubLabel name={label} sub="include" />} value={joinList(v.include, ',')} error={at('include')} help={what} onChange={(t) => set('include', splitList(t, ','))} />
          <TextInput label={<SubLabel name={label} sub="exclude" />} value={joinList(v.exclude, ',')} error={at('exclude')} onChange={(t) => set('exclude', splitList(t, ','))} />
        </div>
      );
    }
    case 'range':
    case 'ageRange':
      return <RangeInputs name={label} value={value} onChange={onChange} fromOnly={f.fromOnly} unit={f.unit} errors={{ from: at('from'), to: at('to') }} />;
    case 'since':
      return (
        <DateInput label={label} seconds={v.from} error={at('from')} onChange={(s) => onChange(s === undefined ? undefined : { from: s })} />
      );
    case 'countries':
      return <CodeList label={label} kind="country" value={value} error={own} onChange={onChange} />;
    case 'languages':
      return <CodeList label={label} kind="language" value={value} error={own} onChange={onChange} />;
    case 'choice':
      return f.multiple ? (
        <CheckboxGroup legend={label} options={f.choices ?? []} value={value} error={own} onChange={onChange} />
      ) : (
        <SelectInput label={label} value={text(value)} options={f.choices ?? []} error={own} onChange={onChange} />
      );
    case 'boolean':
      return (
        <SelectInput
          label={label}
          value={value === true ? 'true' : value === false ? 'false' : text(value)}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          error={own}
          onChange={(s) => onChange(s === undefined ? undefined : s === 'true')}
        />
      );
    case 'verified':
      return (
        <SelectInput
          label={label}
          value={text(value)}
          options={[
            { value: '1', label: 'Verified only (1)' },
            { value: '0', label: 'Non-verified only (0)' },
          ]}
          error={own}
          onChange={(s) => onChange(s === undefined ? undefined : Number(s))}
        />
      );
    case 'accountGeo':
      return (
        <div className="dq-pair">
          <CodeList label={`${label} countries`} kind="country" value={v.country} error={at('country')} onChange={(n) => set('country', n)} />
          {(f.partNetworks?.city ?? []).includes(network) && (
            <TextInput label={`${label} city ids`} value={joinList(v.city, ',')} error={at('city')} help="Geographic ids of cities (GeoNames), separated by commas." onChange={(t) => set('city', splitList(t, ','))} />
          )}
        </div>
      );
    case 'audienceGeo':
      return <AudienceGeo label={label} value={value} network={network} f={f} at={at} onChange={onChange} />;
    case 'audienceAge':
      return (
        <div className="dq-pair">
          <CheckboxGroup legend={`${label} groups`} options={ageGroups.map((g) => ({ value: g, label: ageGroupLabels[g] }))} value={v.groups} error={at('groups')} onChange={(n) => set('groups', n)} />
          <NumberInput label={<SubLabel name={label} sub="share" />} value={v.prc} unit="%" error={at('prc')} onChange={(n) => set('prc', n)} />
        </div>
      );
    case 'audienceGender':
    case 'income': {
      const part = f.kind === 'income' ? 'id' : 'gender';
      return (
        <div className="dq-pair">
          <SelectInput label={label} value={text(v[part])} options={f.choices ?? []} error={at(part)} onChange={(s) => set(part, s)} />
          <NumberInput label={<SubLabel name={label} sub="share" />} value={v.prc} unit="%" error={at('prc')} onChange={(n) => set('prc', n)} />
        </div>
      );
    }
    case 'ethnicity':
      return <Ethnicity label={label} f={f} value={value} error={own} onChange={onChange} />;
    case 'idShares':
      return <ShareRows name={label} noun="interest" idKey="id" value={value} error={own} idHelp="Interest ids (the interests table is not published) with the least share of the audience, whole percent." onChange={onChange} />;
    case 'marks':
      return <CheckboxGroup legend={label} options={f.choices ?? []} value={v.marks} error={at('marks')} onChange={(n) => onChange(n === undefined ? undefined : { marks: n })} />;
    case 'growth':
      return (
        <div className="dq-pair">
          <SelectInput label={<SubLabel name={label} sub="period" />} anyLabel="Choose a period" value={text(v.period)} options={(f.periods ?? []).map((p) => ({ value: p, label: periodLabel(p) }))} error={at('period')} onChange={(s) => set('period', s)} />
          <RangeInputs name={label} value={{ from: v.from, to: v.to }} unit={f.unit} errors={{ from: at('from'), to: at('to') }} onChange={(r) => onChange(withKey(r, 'period', v.period))} />
        </div>
      );
    case 'games': {
      const ids = asArray(v.games).filter((g): g is number => typeof g === 'number');
      return (
        <div className="dq-pair">
          <GamesPicker label={label} ids={ids} max={f.maxItems ?? 3} error={at('games')} onChange={(next) => set('games', next.length === 0 ? undefined : next)} />
          <SelectInput label={<SubLabel name={label} sub="period" />} anyLabel={`${periodLabel(f.defaultPeriod ?? '30d')} (default)`} value={text(v.period)} options={(f.periods ?? []).map((p) => ({ value: p, label: periodLabel(p) }))} error={at('period')} onChange={(s) => set('period', s)} />
        </div>
      );
    }
    case 'usernames': {
      const count = asArray(value).filter((u) => text(u).trim() !== '').length;
      return (
        <FieldTextarea label={label} value={joinList(value, '\n')} error={own} help={`One username per line; ${count} of at most ${f.maxItems ?? 1000}.`} onChange={(t) => onChange(splitList(t, '\n'))} />
      );
    }
    case 'sort':
      return (
        <div className="dq-pair">
          <SelectInput label={label} anyLabel="Default (engagement)" value={text(v.field)} options={(f.choices ?? []).filter((c) => c.value !== 'engagement_avg')} error={at('field')} onChange={(s) => set('field', s)} />
          <SelectInput label={<SubLabel name={label} sub="order" />} anyLabel="Default" value={text(v.order)} options={[{ value: 'desc', label: 'Descending' }, { value: 'asc', label: 'Ascending' }]} error={at('order')} onChange={(s) => set('order', s)} />
        </div>
      );
  }
}

export function periodLabel(period: string): string {
  const days = Number.parseInt(period, 10);
  return Number.isFinite(days) ? `${days} days` : period;
}

/** A date input for a unix time in seconds (midnight UTC of the day picked). */
function DateInput({ label, seconds, error, onChange }: { label: string; seconds: unknown; error: string | null; onChange(s: number | undefined): void }) {
  return (
    <FormField label={label} error={error} help="Sent as the unix time of midnight UTC that day.">
      {(control) => <input {...control} type="date" value={dateOfSeconds(seconds)} onChange={(e) => onChange(secondsOfDate(e.target.value))} />}
    </FormField>
  );
}

function FieldTextarea({ label, value, error, help, onChange }: { label: string; value: string; error: string | null; help: string; onChange(t: string): void }) {
  return (
    <FormField label={label} error={error} help={help}>
      {(control) => <textarea {...control} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** Countries picked by code, each with its share; on Instagram also cities by id with shares. */
function AudienceGeo({ label, value, network, f, at, onChange }: { label: string; value: unknown; network: DiscoveryNetwork; f: DiscoveryFilter; at(part: string): string | null; onChange(next: unknown): void }) {
  const v = asObj(value);
  const rows = asArray(v.countries).map(asObj);
  const codes = rows.map((r) => text(r.id));
  const setCountries = (next: string[] | undefined) => {
    const kept = (next ?? []).map((code) => rows.find((r) => text(r.id) === code) ?? { id: code, prc: '' });
    onChange(withKey(value, 'countries', kept.length === 0 ? undefined : kept));
  };
  const setShare = (code: string, prc: unknown) => onChange(withKey(value, 'countries', rows.map((r) => (text(r.id) === code ? { ...r, prc } : r))));
  return (
    <div className="dq-pair">
      <CodeList label={`${label} countries`} kind="country" value={codes} error={at('countries')} onChange={setCountries} />
      {rows.map((r) => {
        const code = text(r.id);
        return (
          <NumberInput
            key={code}
            label={<SubLabel name={label} sub={`${code}${countryCodes.includes(code) ? ` (${countryName(code)})` : ''} share`} />}
            value={r.prc}
            unit="%"
            error={null}
            onChange={(n) => setShare(code, n)}
          />
        );
      })}
      {(f.partNetworks?.cities ?? []).includes(network) && (
        <ShareRows name={`${label} city`} noun="city" idKey="id" value={v.cities} error={at('cities')} idHelp="Cities by geographic id (GeoNames) with the least share of the audience." onChange={(n) => onChange(withKey(value, 'cities', n))} />
      )}
    </div>
  );
}

function Ethnicity({ label, f, value, error, onChange }: { label: string; f: DiscoveryFilter; value: unknown; error: string | null; onChange(next: unknown): void }) {
  const rows = asArray(value).map(asObj);
  const picked = rows.map((r) => text(r.race));
  const choices = f.choices ?? [];
  return (
    <div className="dq-pair">
      <CheckboxGroup
        legend={label}
        options={choices}
        value={picked}
        error={error}
        onChange={(next) => {
          const kept = (next ?? []).map((race) => rows.find((r) => text(r.race) === race) ?? { race, prc: '' });
          onChange(kept.length === 0 ? undefined : kept);
        }}
      />
      {rows.map((r) => {
        const race = text(r.race);
        const name = choices.find((c) => c.value === race)?.label ?? race;
        return (
          <NumberInput
            key={race}
            label={<SubLabel name={label} sub={`${name} share`} />}
            value={r.prc}
            unit="%"
            error={null}
            onChange={(n) => onChange(rows.map((x) => (text(x.race) === race ? { ...x, prc: n } : x)))}
          />
        );
      })}
    </div>
  );
}
