// What an open editor of shared work says when a teammate changed what it shows while the
// researcher was editing (a Team workspace): who, what, that saving keeps theirs in the history
// (they are told, with Restore it), and a way to see theirs or take it instead.
import { useState, type ReactNode } from 'react';

export interface ChangedMeanwhileProps {
  /** The teammate's name (the view's `team.by` of the field). */
  who: string;
  /** What they changed, as the sentence names it: "this note", "the name". */
  what: string;
  /** The sentence instead of "<who> changed <what> while you were editing." (it names their value itself). */
  said?: ReactNode;
  /** What saving is called here ("Saving", "Renaming"). */
  saving?: string;
  /** Their value, shown on See theirs; none: no See theirs (the sentence names it). */
  theirs?: ReactNode;
  /** Drops what is typed for theirs. */
  onUseTheirs(): void;
  useTheirsLabel?: string;
  testId: string;
}

export function ChangedMeanwhile({ who, what, said, saving = 'Saving', theirs, onUseTheirs, useTheirsLabel = 'Use theirs (drop mine)', testId }: ChangedMeanwhileProps) {
  const [showTheirs, setShowTheirs] = useState(false);
  return (
    <div className="callout warning" role="alert" data-testid={testId}>
      <p>
        {said ?? `${who} changed ${what} while you were editing.`} {saving} keeps yours (theirs stays in its history, and they are told); or take theirs instead.
      </p>
      {theirs !== undefined && showTheirs && <blockquote data-testid={`${testId}-theirs`}>{theirs}</blockquote>}
      <div className="actions">
        {theirs !== undefined && (
          <button type="button" onClick={() => setShowTheirs((v) => !v)} aria-expanded={showTheirs}>
            {showTheirs ? 'Hide theirs' : 'See theirs'}
          </button>
        )}
        <button type="button" onClick={onUseTheirs}>
          {useTheirsLabel}
        </button>
      </div>
    </div>
  );
}
