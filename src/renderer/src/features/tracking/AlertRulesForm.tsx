// A watchlist's alert rules: each on or off with its line, checked by the one schema main checks.
import { useState, type FormEvent } from 'react';
import { seenVersionOf } from '@shared/teamSeen';
import { alertRulesSchema, defaultAlertRules, type AlertRules } from '@shared/alerts';
import { errorMessage, scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';
import { ChangedMeanwhile } from '../../shared/ui';

type Draft = Record<'dropPct' | 'dropDays' | 'spikePct' | 'spikeDays' | 'erBelow' | 'qualityPoints', string> & Record<'drop' | 'spike' | 'er' | 'quality' | 'unavailable' | 'newMention', boolean>;

function draftOf(rules: AlertRules): Draft {
  const d = defaultAlertRules;
  return {
    drop: rules.followerDrop !== null,
    dropPct: String((rules.followerDrop ?? d.followerDrop)!.pct),
    dropDays: String((rules.followerDrop ?? d.followerDrop)!.days),
    spike: rules.followerSpike !== null,
    spikePct: String((rules.followerSpike ?? d.followerSpike)!.pct),
    spikeDays: String((rules.followerSpike ?? d.followerSpike)!.days),
    er: rules.lowEngagement !== null,
    erBelow: String((rules.lowEngagement ?? d.lowEngagement)!.below),
    quality: rules.qualityDrop !== null,
    qualityPoints: String((rules.qualityDrop ?? d.qualityDrop)!.points),
    unavailable: rules.unavailable,
    newMention: rules.newMention,
  };
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

export function AlertRulesForm({ id }: { id: number }) {
  // Read again when a teammate's change of a watchlist arrives: an open editor says so.
  const stored = useScoutQuery(() => scout.invoke('watchlists:rules', { id }), [id], { keepPrevious: true, refreshOn: [teamReceived('watchlist')] });
  if (stored.error && !stored.data) return <p className="feedback error">The alert rules could not be read: {stored.error}</p>;
  if (!stored.data) return <p className="muted">Reading the alert rules…</p>;
  return <RulesEditor key={id} id={id} stored={stored.data} />;
}

type Stored = { rules: AlertRules; problem: string | null; team?: { version: number; by: Record<string, string> } };

function RulesEditor({ id, stored }: { id: number; stored: Stored }) {
  const { problem } = stored;
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored.rules));
  // The rules (and their version) the editor opened on: the change is made on them.
  const [opened, setOpened] = useState(stored);
  const seen = { version: seenVersionOf(opened) };
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => (setDraft((d) => ({ ...d, [key]: value })), setSaved(false));
  // The stored rules changed (saved here, or by a teammate): followed while nothing is being
  // changed here (or what is typed is what was stored); otherwise the draft stays, and it is said.
  const storedKey = JSON.stringify(draftOf(stored.rules));
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(opened.rules));
  const [followed, setFollowed] = useState(storedKey);
  // Who changed the rules while they were being edited here (a teammate), once it arrives.
  const [meanwhile, setMeanwhile] = useState<string | null>(null);
  if (storedKey !== followed) {
    setFollowed(storedKey);
    if (!dirty || JSON.stringify(draft) === storedKey) {
      setOpened(stored);
      setDraft(draftOf(stored.rules));
      setMeanwhile(null);
    } else {
      setMeanwhile(stored.team?.by.rules ?? 'A teammate');
    }
  }
  const teammate = meanwhile;
  const takeTheirs = () => {
    setOpened(stored);
    setDraft(draftOf(stored.rules));
    setSaved(false);
    setMeanwhile(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const rules = {
      followerDrop: draft.drop ? { pct: num(draft.dropPct), days: num(draft.dropDays) } : null,
      followerSpike: draft.spike ? { pct: num(draft.spikePct), days: num(draft.spikeDays) } : null,
      lowEngagement: draft.er ? { below: num(draft.erBelow) } : null,
      qualityDrop: draft.quality ? { points: num(draft.qualityPoints) } : null,
      unavailable: draft.unavailable,
      newMention: draft.newMention,
    };
    const read = alertRulesSchema.safeParse(rules);
    if (!read.success) {
      const issue = read.error.issues[0]!;
      const rule = { followerDrop: 'Followers drop', followerSpike: 'Followers jump', lowEngagement: 'Engagement rate', qualityDrop: 'Audience quality' }[String(issue.path[0]) as 'followerDrop'] ?? 'A rule';
      setError(`${rule}: ${issue.code === 'invalid_type' ? 'enter a number.' : issue.message}`);
      return;
    }
    try {
      await scout.invoke('watchlists:setRules', { id, rules: read.data, seen });
      setError(null);
      setSaved(true);
      // What is saved is what this editor now stands on (a teammate's change from here on is news).
      setOpened((o) => ({ ...o, rules: read.data }));
      setMeanwhile(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const numberInput = (key: keyof Draft, label: string, on: boolean) => (
    <input className="tiny" inputMode="decimal" aria-label={label} value={draft[key] as string} disabled={!on} onChange={(e) => set(key, e.target.value as never)} />
  );
  return (
    <form className="alert-rules" onSubmit={(e) => void save(e)} noValidate aria-label="Alert rules">
      <fieldset>
        <legend>Alert me when</legend>
        {problem && <p className="callout warning">{problem}</p>}
        {teammate !== null && <ChangedMeanwhile who={teammate} what="these alert rules" onUseTheirs={takeTheirs} testId="alert-rules-changed" />}
        <label className="check">
          <input type="checkbox" checked={draft.drop} onChange={(e) => set('drop', e.target.checked)} /> followers drop by {numberInput('dropPct', 'Drop, percent', draft.drop)} % or more within{' '}
          {numberInput('dropDays', 'Drop, days', draft.drop)} days
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.spike} onChange={(e) => set('spike', e.target.checked)} /> followers jump by {numberInput('spikePct', 'Jump, percent', draft.spike)} % or more within{' '}
          {numberInput('spikeDays', 'Jump, days', draft.spike)} days (possibly bought)
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.er} onChange={(e) => set('er', e.target.checked)} /> the engagement rate falls below {numberInput('erBelow', 'Engagement rate line, percent', draft.er)} %
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.quality} onChange={(e) => set('quality', e.target.checked)} /> the audience quality score falls by {numberInput('qualityPoints', 'Audience quality, points', draft.quality)} points or more
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.unavailable} onChange={(e) => set('unavailable', e.target.checked)} /> a refresh finds the report no longer available
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.newMention} onChange={(e) => set('newMention', e.target.checked)} /> a new brand mentions a TikTok or YouTube account{' '}
          <span className="muted">(each refresh asks again for the brand mentions you opened; the API does not say what that costs, so Scout stops asking for an account once asking cost a credit, and Spending shows it)</span>
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit">Save alert rules</button>
        <button type="button" onClick={() => (setDraft(draftOf(defaultAlertRules)), setSaved(false))}>
          Back to the usual rules
        </button>
      </div>
      {error && (
        <p role="alert" className="feedback error">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="feedback ok" data-testid="alert-rules-saved">
          Saved. The next refresh reads its accounts against these rules.
        </p>
      )}
    </form>
  );
}
