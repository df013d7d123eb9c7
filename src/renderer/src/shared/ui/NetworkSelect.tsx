import { networks, type Network } from '@shared/reports';
import { networkLabels } from '@shared/format';

/** A network filter: "All networks" (empty) or one of the six, named as everywhere else. */
export function NetworkSelect({ value, onChange, ariaLabel, testId }: { value: Network | ''; onChange(next: Network | ''): void; ariaLabel?: string; testId?: string }) {
  return (
    <select aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value as Network | '')} data-testid={testId}>
      <option value="">All networks</option>
      {networks.map((n) => (
        <option key={n} value={n}>
          {networkLabels[n]}
        </option>
      ))}
    </select>
  );
}
