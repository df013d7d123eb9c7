// The form that creates a competitor analysis: each field checked where it is typed (the same
// rules main applies), the cost said before anything is sent — the API reference does not say
// what an analysis costs, so the panel says it may cost and that the ledger records what moves.
import { audienceText } from '@shared/countries';
import { shell, useShell } from '../../data/useShell';
import { useState, type FormEvent } from 'react';
import { utcDay } from '@shared/calendarDay';
import { competitorFormProblems, splitList, type CompetitorAnalysisView, type CompetitorCreateInput } from '@shared/competitor';
import { asksBuyAnyway, ConfirmSpend, FormField, formatDay, isTeamUnreachable, teamConfirmed, TeamQuoteAsk, teamQuotePanel, TeamUnreachableConfirm } from '../../shared/ui';
import type { TeamQuoteNote } from '@shared/reports';
import { fieldErrors, scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';

type Field = keyof CompetitorCreateInput;

export function CreateAnalysisForm({ onCreated, offline }: { onCreated: (view: CompetitorAnalysisView) => void; offline: boolean }) {
  const workspace = useShell((s) => s.workspace?.active);
  const [username, setUsername] = useState('');
  const [dateFrom, setDateFrom] = useState(() => utcDay(new Date(Date.now() - 30 * 86_400_000)));
  const [dateTo, setDateTo] = useState(() => utcDay(new Date()));
  const [countries, setCountries] = useState('');
  const [hashtags, setHashtags] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Refused as the team database cannot be asked (main's words): "Buy anyway" creates it here. */
  const [teamAsk, setTeamAsk] = useState<string | null>(null);
  /** Team: what the team database says of it, asked when the confirmation opens (null while asking). */
  const [teamNote, setTeamNote] = useState<TeamQuoteNote | null>(null);

  const input: CompetitorCreateInput = { username, dateFrom, dateTo, audienceGeo: splitList(countries), hashtags: splitList(hashtags) };
  const problems = competitorFormProblems(input);
  const shown = (field: Field): string | null => (touched[field] && problems[field]) || serverErrors[field] || null;
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, dateFrom: true, dateTo: true, audienceGeo: true, hashtags: true });
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setConfirming(true);
    setTeamNote(null);
    // Free; empty outside a team. Not known (an error): the send asks the team itself.
    void scout.invoke('competitor:quote', {}).then(setTeamNote, () => setTeamNote({}));
  };

  const creating = useScoutMutation(
    // "Buy anyway" after a refusal, or in the confirmation, which said the team database cannot be reached.
    (teamUnreachableConfirmed: boolean) => scout.invoke('competitor:create', { ...input, acceptMayCost: true, workspace, ...teamConfirmed(teamUnreachableConfirmed || asksBuyAnyway(teamNote)) }),
    {
      onSuccess: (view) => {
        setConfirming(false);
        setUsername('');
        setHashtags('');
        setTouched({});
        setServerErrors({});
        onCreated(view);
      },
      onError: (words, error, teamUnreachableConfirmed) => {
        setConfirming(false);
        if (isTeamUnreachable(error) && !teamUnreachableConfirmed) return setTeamAsk(error.message);
        setServerErrors(fieldErrors(error));
        setFailure(words);
      },
    },
  );
  const busy = creating.busy;
  const create = async (teamUnreachableConfirmed = false) => {
    setFailure(null);
    setTeamAsk(null);
    await creating.run(teamUnreachableConfirmed);
    void shell.refreshPlan();
  };

  const geo = audienceText(input.audienceGeo);
  const team = teamQuotePanel(teamNote ?? {}, 'Create; it may cost credits', 'Change');
  return (
    <form className="competitor-create" onSubmit={submit} noValidate aria-label="New competitor analysis" data-testid="competitor-form">
      <h2>New analysis</h2>
      <FormField label="Brand’s Instagram username" error={shown('username')} help="The account whose mentions are analysed, e.g. nike.">
        {(c) => <input {...c} name="username" value={username} onChange={(e) => setUsername(e.target.value)} onBlur={() => touch('username')} autoComplete="off" />}
      </FormField>
      <FormField label="From" error={shown('dateFrom')}>
        {(c) => <input {...c} type="date" name="dateFrom" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} onBlur={() => touch('dateFrom')} />}
      </FormField>
      <FormField label="To" error={shown('dateTo')}>
        {(c) => <input {...c} type="date" name="dateTo" value={dateTo} onChange={(e) => (setDateTo(e.target.value), touch('dateTo'))} onBlur={() => touch('dateTo')} />}
      </FormField>
      <FormField label="Audience countries" error={shown('audienceGeo')} help="Two-letter ISO codes separated by commas (US, GB, DE); empty for worldwide.">
        {(c) => <input {...c} name="audienceGeo" value={countries} onChange={(e) => setCountries(e.target.value)} onBlur={() => touch('audienceGeo')} placeholder="worldwide" autoComplete="off" />}
      </FormField>
      <FormField label="Hashtags" error={shown('hashtags')} help="Optional, separated by spaces or commas (#summer sale).">
        {(c) => <input {...c} name="hashtags" value={hashtags} onChange={(e) => setHashtags(e.target.value)} onBlur={() => touch('hashtags')} autoComplete="off" />}
      </FormField>
      {teamAsk && <TeamUnreachableConfirm message={teamAsk} onConfirm={() => void create(true)} onBack={() => setTeamAsk(null)} busy={busy} />}
      {!confirming && !teamAsk && (
        <div className="actions">
          <button type="submit" className="primary" disabled={offline}>
            Create analysis…
          </button>
          {offline && <span className="muted">Creating an analysis needs the API: the workspace is offline.</span>}
        </div>
      )}
      {confirming && (
        <ConfirmSpend
          label="Confirm new analysis"
          className={team.warning ? 'callout warning' : undefined}
          confirmLabel={team.confirmLabel}
          confirmDisabled={teamNote === null || team.refused}
          onConfirm={() => void create()}
          backLabel={team.backLabel}
          onBack={() => setConfirming(false)}
          busy={busy}
          focusBack
          testId="competitor-confirm"
        >
          <p>
            Analyse mentions of <strong>@{input.username.trim().replace(/^@/, '')}</strong> from {formatDay(dateFrom)} to {formatDay(dateTo)}, audience {geo}
            {input.hashtags.length ? `, hashtags ${input.hashtags.map((h) => `#${h.replace(/^#/, '')}`).join(' ')}` : ''}.
          </p>
          <p>
            <strong>It may cost credits.</strong> The API reference does not say what a competitor analysis costs. Scout reads your balances just before and
            after the request and records whatever moved in the spending record; checking its progress and fetching its posts are reads.
          </p>
          {teamNote && <TeamQuoteAsk note={teamNote} thing="analysis" />}
        </ConfirmSpend>
      )}
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </form>
  );
}
