// The inputs of the query builder, one per kind of value. Every input has a label (visible, or
// visually hidden where the filter's heading already says it) whose accessible name starts with
// the filter's label, and shows its own field's error beside it (the UI kit's FormField).
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { countryCodes, languageCodes, type DiscoveryChoice } from '@shared/discovery';
import { FormField } from '../../../shared/ui';
import { countryName, languageName } from '@shared/reportModel';
import { asArray, asObj, numberValue, text, withKey } from './values';

/** A label whose accessible name is `${name} ${sub}` but which shows only `sub`. */
export function SubLabel({ name, sub }: { name: string; sub: string }) {
  return (
    <>
      <span className="visually-hidden">{name} </span>
      {sub}
    </>
  );
}

export function TextInput({ label, value, onChange, error, help, placeholder, inputMode }: {
  label: ReactNode;
  value: string;
  onChange(typed: string): void;
  error: string | null;
  help?: ReactNode;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  return (
    <FormField label={label} error={error} help={help}>
      {(control) => <input {...control} type="text" inputMode={inputMode} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

export function NumberInput({ label, value, onChange, error, unit }: { label: ReactNode; value: unknown; onChange(next: number | string | undefined): void; error: string | null; unit?: string }) {
  return (
    <FormField label={label} error={error} after={unit ? <span className="muted">{unit}</span> : undefined}>
      {(control) => <input {...control} className="dq-number" type="text" inputMode="decimal" value={text(value)} onChange={(e) => onChange(numberValue(e.target.value))} />}
    </FormField>
  );
}

export function SelectInput({ label, value, options, onChange, error, anyLabel = 'Any' }: {
  label: ReactNode;
  value: string;
  options: readonly DiscoveryChoice[];
  onChange(value: string | undefined): void;
  error: string | null;
  anyLabel?: string;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">{anyLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Several choices as checkboxes in a labelled group; the value is the array of picked values, in the given order. */
export function CheckboxGroup({ legend, options, value, onChange, error }: {
  legend: string;
  options: readonly DiscoveryChoice[];
  value: unknown;
  onChange(next: string[] | undefined): void;
  error: string | null;
}) {
  const picked = new Set(asArray(value).map(text));
  const errorId = useId();
  const toggle = (v: string, on: boolean) => {
    const next = options.map((o) => o.value).filter((o) => (o === v ? on : picked.has(o)));
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <fieldset className="dq-checks" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="checkbox" checked={picked.has(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
          {o.label}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A multi-select of ISO codes: the codes picked, each removable, and an input with a type-ahead
 * list of every code with its name. Enter, a comma or "Add" adds what was typed (several codes
 * at once when pasted); a wrong code is kept and shown as wrong, never silently dropped.
 */
export function CodeList({ label, kind, value, onChange, error }: { label: string; kind: 'country' | 'language'; value: unknown; onChange(next: string[] | undefined): void; error: string | null }) {
  const [typed, setTyped] = useState('');
  const listId = useId();
  const codes = asArray(value).map(text);
  const nameOf = kind === 'country' ? countryName : languageName;
  const add = () => {
    const more = typed
      .split(/[\s,;]+/)
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => (kind === 'country' ? c.toUpperCase() : c.toLowerCase()));
    if (more.length === 0) return;
    onChange([...codes, ...more.filter((c) => !codes.includes(c))]);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    }
  };
  const remove = (code: string) => {
    const next = codes.filter((c) => c !== code);
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <FormField
      label={label}
      error={error}
      after={
        <button type="button" onClick={add} disabled={typed.trim() === ''}>
          Add
        </button>
      }
      help={
        codes.length > 0 ? (
          <span className="dq-chips">
            {codes.map((code) => (
              <span key={code} className="dq-chip">
                {code} <span className="muted">{nameOf(code) !== code ? nameOf(code) : ''}</span>
                <button type="button" className="dq-chip-remove" aria-label={`Remove ${code} from ${label}`} onClick={() => remove(code)}>
                  ×
                </button>
              </span>
            ))}
          </span>
        ) : (
          `Two-letter ${kind === 'country' ? 'ISO 3166 country' : 'ISO 639-1 language'} codes; press Enter to add.`
        )
      }
    >
      {(control) => (
        <>
          <input {...control} className="dq-code" type="text" list={listId} value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} onKeyDown={onKeyDown} />
          <datalist id={listId}>
            {(kind === 'country' ? countryCodes : languageCodes).map((code) => (
              <option key={code} value={kind === 'country' ? code : code}>
                {nameOf(code)}
              </option>
            ))}
          </datalist>
        </>
      )}
    </FormField>
  );
}

/** A `{from, to}` (or `{from}`) range: two number inputs named `${label} from` / `${label} to`. */
export function RangeInputs({ name, value, onChange, errors, fromOnly, unit }: {
  name: string;
  value: unknown;
  onChange(next: unknown): void;
  errors: { from: string | null; to: string | null };
  fromOnly?: boolean;
  unit?: string;
}) {
  return (
    <div className="dq-range">
      <NumberInput label={<SubLabel name={name} sub="from" />} value={asObj(value).from} unit={unit} error={errors.from} onChange={(n) => onChange(withKey(value, 'from', n))} />
      {!fromOnly && <NumberInput label={<SubLabel name={name} sub="to" />} value={asObj(value).to} unit={unit} error={errors.to} onChange={(n) => onChange(withKey(value, 'to', n))} />}
    </div>
  );
}

/**
 * Rows of `{<idKey>, prc}`: an id input and a share input per row, named `${name} ${n} id` and
 * `${name} ${n} share` (n from 1), a remove button per row and an add button.
 */
export function ShareRows({ name, noun, idKey, value, onChange, error, idHelp }: {
  name: string;
  noun: string;
  idKey: string;
  value: unknown;
  onChange(next: unknown[] | undefined): void;
  error: string | null;
  idHelp?: string;
}) {
  const rows = asArray(value).map(asObj);
  const set = (i: number, key: string, next: unknown) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: next } : r)));
  const remove = (i: number) => {
    const next = rows.filter((_, j) => j !== i);
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <div className="dq-rows">
      {rows.map((row, i) => (
        <div key={i} className="dq-row">
          <NumberInput label={<SubLabel name={`${name} ${i + 1}`} sub={idKey === 'id' ? 'id' : idKey} />} value={row[idKey]} error={null} onChange={(n) => set(i, idKey, n)} />
          <NumberInput label={<SubLabel name={`${name} ${i + 1}`} sub="share" />} value={row.prc} unit="%" error={null} onChange={(n) => set(i, 'prc', n)} />
          <button type="button" aria-label={`Remove ${name} ${i + 1}`} onClick={() => remove(i)}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { [idKey]: '', prc: '' }])}>
        Add {noun}
      </button>
      {idHelp && <p className="field-help muted">{idHelp}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
