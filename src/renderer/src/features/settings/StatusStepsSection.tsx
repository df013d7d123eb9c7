// Settings → Research workflow: the status steps an account moves through, renamed, reordered,
// added and removed in one save. A step keeps its accounts under its new name and place; removing
// a step that accounts are at says how many lose their status before it is saved.
import { useId, useState, type FormEvent } from 'react';
import { useShell } from '../../data/useShell';
import { MAX_STATUS_STEPS, MAX_STEP_LABEL, newStepId, type StatusStepsView } from '@shared/workflow';
import { statusStepsSchema } from '@shared/workflowSchema';
import { seenVersionOf } from '@shared/teamSeen';
import type { RequestOf } from '@shared/contract';
import { scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { ChangedMeanwhile, ErrorState, plural } from '../../shared/ui';
import { useStatusSteps } from '../workflow';

type Draft = { id: string; label: string; accounts: number }[];

type Feedback = { tone: 'ok' | 'error'; text: string } | null;

export function StatusStepsSection() {
  const steps = useStatusSteps();
  const workspace = useShell((s) => s.workspace?.active ?? null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  if (steps.error !== null && !steps.data) return <ErrorState title="The status steps could not be read.">{steps.error}</ErrorState>;
  if (!steps.data) return <p className="muted">Loading…</p>;
  // A new form for another workspace; within one, the form follows the saved steps itself, and
  // keeps what is being typed when a teammate changes them (it says so).
  return <StepsForm key={workspace ?? ''} saved={steps.data} feedback={feedback} setFeedback={setFeedback} />;
}

const stepsKey = (steps: StatusStepsView['steps'] | Draft) => JSON.stringify(steps.map(({ id, label }) => [id, label]));

function StepsForm({ saved, feedback, setFeedback }: { saved: StatusStepsView; feedback: Feedback; setFeedback(f: Feedback): void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(saved.steps);
  // The steps and version this form opened on: the change is made on them.
  const [opened, setOpened] = useState(saved);
  const seen = { version: seenVersionOf(opened) };
  const saving = useScoutMutation((steps: RequestOf<'workflow:setSteps'>['steps']) => scout.invoke('workflow:setSteps', { steps, seen }), {
    onSuccess: (answer) =>
      setFeedback({ tone: 'ok', text: answer.cleared > 0 ? `Steps saved; ${plural(answer.cleared, 'account')} no longer ${answer.cleared === 1 ? 'has a status' : 'have a status'}.` : 'Steps saved.' }),
    onError: (words) => setFeedback({ tone: 'error', text: `Not saved: ${words}` }),
  });
  const busy = saving.busy;
  // The saved steps changed (saved here, in another window, or by a teammate): followed when
  // nothing is being changed here (or what is typed is what was saved); otherwise the draft stays.
  const savedKey = stepsKey(saved.steps);
  const dirty = stepsKey(draft) !== stepsKey(opened.steps);
  const [followed, setFollowed] = useState(savedKey);
  if (savedKey !== followed) {
    setFollowed(savedKey);
    if (!dirty || stepsKey(draft) === savedKey) {
      setOpened(saved);
      setDraft(saved.steps);
    }
  }
  const teammate = savedKey !== stepsKey(opened.steps) ? (saved.team?.by.steps ?? null) : null;

  // The counts as saved now (they move while the form is open), by step.
  const countOf = (stepId: string) => saved.steps.find((s) => s.id === stepId)?.accounts ?? 0;
  const removed = saved.steps.filter((s) => !draft.some((d) => d.id === s.id));
  const losing = removed.reduce((n, s) => n + s.accounts, 0);
  const changed = JSON.stringify(draft.map(({ id: i, label }) => [i, label])) !== JSON.stringify(saved.steps.map(({ id: i, label }) => [i, label]));

  const edit = (next: Draft) => {
    setDraft(next);
    setFeedback(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step!);
    edit(next);
  };
  const add = () => {
    const label = `Step ${draft.length + 1}`;
    edit([...draft, { id: newStepId(label, [...draft, ...saved.steps].map((s) => s.id)), label, accounts: 0 }]);
    // The new step's name box, ready to type in.
    setTimeout(() => document.getElementById(`${id}-step-${draft.length}`)?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = statusStepsSchema.safeParse(draft.map(({ id: i, label }) => ({ id: i, label })));
    if (!checked.success) {
      setFeedback({ tone: 'error', text: checked.error.issues[0]?.message ?? 'These steps cannot be saved.' });
      return;
    }
    await saving.run(checked.data);
  };

  return (
    <form onSubmit={(e) => void save(e)} data-testid="status-steps" aria-describedby={`${id}-help`}>
      <p className="muted" id={`${id}-help`}>
        The steps an account moves through, set on its report page and used to filter and sort the library. Renaming a step renames it on every
        account at it.
      </p>
      {teammate !== null && (
        <ChangedMeanwhile
          who={teammate}
          what="the status steps"
          theirs={saved.steps.map((s) => s.label).join(' → ')}
          onUseTheirs={() => {
            setOpened(saved);
            setDraft(saved.steps);
            setFeedback(null);
          }}
          testId="status-steps-changed"
        />
      )}
      <ol className="status-steps">
        {draft.map((step, i) => (
          <li key={step.id} className="status-step">
            <input
              id={`${id}-step-${i}`}
              aria-label={`Step ${i + 1} name`}
              value={step.label}
              maxLength={MAX_STEP_LABEL + 10}
              onChange={(e) => edit(draft.map((d, j) => (j === i ? { ...d, label: e.target.value } : d)))}
            />
            <span className="muted status-step-count">{countOf(step.id) > 0 ? plural(countOf(step.id), 'account') : 'no accounts'}</span>
            <button type="button" className="secondary" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move ${step.label || `step ${i + 1}`} up`}>
              ↑
            </button>
            <button type="button" className="secondary" onClick={() => move(i, 1)} disabled={i === draft.length - 1} aria-label={`Move ${step.label || `step ${i + 1}`} down`}>
              ↓
            </button>
            <button type="button" className="link" onClick={() => edit(draft.filter((_, j) => j !== i))} disabled={draft.length === 1}>
              Remove<span className="visually-hidden"> {step.label}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="secondary" onClick={add} disabled={draft.length >= MAX_STATUS_STEPS}>
          Add a step
        </button>
        <button type="submit" disabled={busy || !changed}>
          {losing > 0 ? `Save: ${plural(losing, 'account')} lose${losing === 1 ? 's' : ''} ${losing === 1 ? 'its' : 'their'} status` : 'Save steps'}
        </button>
        {changed && (
          <button type="button" className="link" onClick={() => edit(saved.steps)} disabled={busy}>
            Put back as saved
          </button>
        )}
      </div>
      <p className={`feedback ${feedback?.tone ?? ''}`} role="status" data-testid="status-steps-feedback">
        {feedback?.text ?? (removed.length > 0 ? `${removed.map((s) => `“${s.label}”`).join(', ')} removed when you save.` : '')}
      </p>
    </form>
  );
}
