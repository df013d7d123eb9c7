// One choice out of a row of buttons, as WAI-ARIA tabs or a radio group: one Tab stop for the
// whole row, arrow keys (and Home / End) move the choice and the focus with it.
import { useRef, type KeyboardEvent } from 'react';

export interface ChoicesProps<T extends string> {
  kind: 'tabs' | 'radios';
  label: string;
  options: readonly { value: T; label: string }[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  className?: string;
  /** Tabs: ids are `${idPrefix}-tab-<value>` and their panels `${idPrefix}-panel-<value>`. */
  idPrefix?: string;
}

export function Choices<T extends string>({ kind, label, options, value, onChange, className, idPrefix = 'choice' }: ChoicesProps<T>) {
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Alt+← is the browser's Back, Ctrl/Cmd+arrows the system's: not ours.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const at = options.findIndex((o) => o.value === value);
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: options.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + options.length) % options.length;
    onChange(options[index]!.value);
    row.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  return (
    <div ref={row} role={kind === 'tabs' ? 'tablist' : 'radiogroup'} aria-label={label} className={className}>
      {options.map((o) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role={kind === 'tabs' ? 'tab' : 'radio'}
            {...(kind === 'tabs'
              ? // Only the selected tab's panel is in the page; the others control nothing until chosen.
                { 'aria-selected': selected, id: `${idPrefix}-tab-${o.value}`, ...(selected ? { 'aria-controls': `${idPrefix}-panel-${o.value}` } : {}) }
              : { 'aria-checked': selected })}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(o.value)}
            onKeyDown={onKeyDown}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
