// Settings → Your agency: the name, accent colour and logo every deliverable of this workspace
// carries (the comparison PDF, the client report, the sheets). Main checks every byte of a logo
// (a PNG decoded and bounded in pixels, an SVG with no script or animation); a logo it refuses leaves the kept one in place. An
// SVG is also drawn here into a PNG, because a PDF cannot hold an SVG.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useShell } from '../../data/useShell';
import { ACCENT_PATTERN, DEFAULT_ACCENT, MAX_LOGO_BYTES, type AgencyView } from '@shared/agency';
import type { AgencyLogoInput } from '@shared/agencySchema';
import { workspaceLabels } from '@shared/workspaces';
import { fieldErrors, scout } from '../../data/scoutClient';
import { ErrorState, FormField, formatBytes } from '../../shared/ui';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';

type Feedback = { kind: 'ok' | 'error'; text: string } | null;

/** The longer side of the PNG drawn from an SVG logo: sharp on paper at a logo's size. */
const RENDITION_SIDE = 800;

export function AgencySection() {
  const active = useShell((s) => s.workspace?.active);
  // Each workspace keeps its own agency: useScoutQuery reads it again on a switch.
  const agency = useScoutQuery(() => scout.invoke('agency:get', {}), []);
  if (agency.error !== null) return <ErrorState title="Your agency could not be read.">{agency.error}</ErrorState>;
  if (!agency.data || !active) return <p className="muted">Loading…</p>;
  return <AgencyForm key={`${active}-${agency.data.updatedAt ?? 0}`} initial={agency.data} workspaceLabel={workspaceLabels[active]} />;
}

function AgencyForm({ initial, workspaceLabel }: { initial: AgencyView; workspaceLabel: string }) {
  const [view, setView] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [accent, setAccent] = useState(initial.accent);
  const [errors, setErrors] = useState<{ name?: string; accent?: string }>({});
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [logoFeedback, setLogoFeedback] = useState<Feedback>(null);
  const saving = useScoutMutation((input: { name: string; accent: string }) => scout.invoke('agency:set', input), {
    onSuccess: (saved) => {
      setView(saved);
      setName(saved.name);
      setAccent(saved.accent);
      setFeedback({ kind: 'ok', text: saved.name ? `Saved: deliverables carry “${saved.name}”.` : 'Saved: deliverables carry no agency name.' });
    },
    onError: (words, error) => {
      const fields = fieldErrors(error);
      setErrors({ name: fields.name, accent: fields.accent });
      if (!fields.name && !fields.accent) setFeedback({ kind: 'error', text: words });
    },
  });
  const settingLogo = useScoutMutation(
    async (file: File) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const svg = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
      const logo: AgencyLogoInput = svg ? { type: 'svg', base64: toBase64(bytes), rendition: toBase64(await drawSvg(bytes)) } : { type: 'png', base64: toBase64(bytes) };
      return scout.invoke('agency:setLogo', logo);
    },
    {
      onSuccess: (saved, file) => {
        setView(saved);
        setLogoFeedback({ kind: 'ok', text: `Logo saved from ${file.name}.` });
      },
      onError: (words) => setLogoFeedback({ kind: 'error', text: words }),
    },
  );
  const removingLogo = useScoutMutation(() => scout.invoke('agency:removeLogo', {}), {
    onSuccess: (saved) => {
      setView(saved);
      setLogoFeedback({ kind: 'ok', text: 'Logo removed.' });
    },
    onError: (words) => setLogoFeedback({ kind: 'error', text: words }),
  });
  const busy = saving.busy || settingLogo.busy || removingLogo.busy;
  const ids = { swatch: useId(), logo: useId(), logoHelp: useId() };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    const problems = { ...(ACCENT_PATTERN.test(accent.trim()) ? {} : { accent: 'The accent colour is a colour like #2f5fd0.' }) };
    setErrors(problems);
    if (problems.accent) return;
    await saving.run({ name, accent: accent.trim() });
  };

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setLogoFeedback(null);
    if (file.size > MAX_LOGO_BYTES) {
      setLogoFeedback({ kind: 'error', text: `${file.name} is ${formatBytes(file.size)}; a logo is at most ${formatBytes(MAX_LOGO_BYTES)}. The logo kept before is unchanged.` });
      return;
    }
    await settingLogo.run(file);
  };

  const removeLogo = async () => {
    setLogoFeedback(null);
    await removingLogo.run();
  };

  const swatch = ACCENT_PATTERN.test(accent.trim()) ? accent.trim() : DEFAULT_ACCENT;
  return (
    <div className="agency" data-testid="agency-section">
      <p className="muted">
        The comparison PDF, the client report and the sheets you send carry your agency&apos;s name, logo and accent colour. Kept in the {workspaceLabel}{' '}
        workspace.
      </p>
      <form onSubmit={(e) => void save(e)} noValidate data-testid="agency-form">
        <FormField label="Agency name" error={errors.name ?? null} help="As your clients know it; leave empty for none.">
          {(field) => <input {...field} type="text" name="name" value={name} maxLength={120} autoComplete="organization" onChange={(e) => setName(e.target.value)} data-testid="agency-name" />}
        </FormField>
        <FormField
          label="Accent colour"
          error={errors.accent ?? null}
          help="A colour like #2f5fd0: rules, bars and lines on your deliverables."
          after={
            <input
              id={ids.swatch}
              type="color"
              className="accent-swatch"
              style={{ width: '3rem', height: '2rem', padding: 2, flex: 'none' }}
              aria-label="Pick the accent colour"
              value={swatch.toLowerCase()}
              onChange={(e) => setAccent(e.target.value)}
            />
          }
        >
          {(field) => <input {...field} type="text" name="accent" value={accent} maxLength={7} spellCheck={false} className="mono" onChange={(e) => setAccent(e.target.value)} data-testid="agency-accent" />}
        </FormField>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy} data-testid="agency-save">
            Save agency
          </button>
        </div>
        <div aria-live="polite">
          {feedback && (
            <p className={`feedback ${feedback.kind}`} role={feedback.kind === 'error' ? 'alert' : 'status'} data-testid="agency-feedback">
              {feedback.text}
            </p>
          )}
        </div>
      </form>

      <h3>Logo</h3>
      {/* Laid out here rather than in styles.css (its screen layout is another change's): a logo box beside its controls. */}
      <div className="agency-logo" style={{ display: 'flex', gap: '1rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {view.logo ? (
          <img
            src={view.logo.dataUrl}
            alt={`${view.name || 'Your agency'}’s logo`}
            style={{ maxWidth: 240, maxHeight: 80, objectFit: 'contain', background: '#fff', padding: 4, border: '1px solid var(--border)' }}
            data-testid="agency-logo"
          />
        ) : (
          <p className="muted" data-testid="agency-no-logo">
            No logo yet.
          </p>
        )}
        <div>
          <label htmlFor={ids.logo}>{view.logo ? 'Replace the logo' : 'Choose a logo'}</label>{' '}
          <input
            id={ids.logo}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            aria-describedby={ids.logoHelp}
            disabled={busy}
            onChange={(e) => void chooseLogo(e)}
            data-testid="agency-logo-file"
          />
          <p id={ids.logoHelp} className="field-help muted">
            PNG or SVG, at most {formatBytes(MAX_LOGO_BYTES)}; a PNG at most 4,096 pixels either way (4 megapixels in all). An SVG may not hold scripts or animation, or load anything from elsewhere.
            {view.logo ? ` Kept: ${view.logo.type.toUpperCase()}, ${formatBytes(view.logo.bytes)}.` : ''}
          </p>
          {view.logo && (
            <button type="button" onClick={() => void removeLogo()} disabled={busy} data-testid="agency-remove-logo">
              Remove the logo
            </button>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {logoFeedback && (
          <p className={`feedback ${logoFeedback.kind}`} role={logoFeedback.kind === 'error' ? 'alert' : 'status'} data-testid="agency-logo-feedback">
            {logoFeedback.text}
          </p>
        )}
      </div>
    </div>
  );
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The SVG drawn into a PNG (an <img> runs no script and loads nothing). One that cannot be drawn
 * yields an empty picture: main then says what is wrong with the SVG itself, or that no picture
 * could be drawn from it.
 */
async function drawSvg(bytes: Uint8Array): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const [w, h] = image.naturalWidth > 0 && image.naturalHeight > 0 ? [image.naturalWidth, image.naturalHeight] : [3, 1];
    const scale = RENDITION_SIDE / Math.max(w, h);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(w * scale));
    canvas.height = Math.max(1, Math.round(h * scale));
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array([0]);
  } catch {
    return new Uint8Array([0]);
  } finally {
    URL.revokeObjectURL(url);
  }
}
