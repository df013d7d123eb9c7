import { pictureBatcher } from './pictureBatch';
import { scout } from '../data/scoutClient';
import { teamReceived } from '../data/scoutQuery';
import { useScoutQuery } from '../data/useScoutQuery';

// Pictures come from the workspace cache (they outlive the CDN's 28-day links), never from the
// network directly: the page's CSP allows only data: and blob: images. Only a picture found is
// remembered for the session: "none yet" may just mean main is still storing it (a report's
// pictures are stored as it is saved), so it is asked again on the next draw, when a fetch ends and
// when a teammate's report arrives (its pictures are stored just after it).
const cache = new Map<string, string>();
const picture = pictureBatcher((urls) => scout.invoke('images:get', { urls }));

/** `fill`: a thumbnail as wide as its column (square), `size` only what the image is asked at. */
export function Avatar({ url, label, size = 32, square = false, fill = false }: { url: string | null; label: string; size?: number; square?: boolean; fill?: boolean }) {
  const cached = !!url && cache.has(url);
  // A picture seen once is drawn from the session's cache at once; another is asked for.
  const image = useScoutQuery(
    () =>
      picture(url!).then((dataUrl) => {
        if (dataUrl) cache.set(url!, dataUrl);
        return dataUrl;
      }),
    [url],
    { enabled: !!url && !cached, refreshOn: [{ event: 'reports:changed', when: (p) => p.phase === 'finished' }, teamReceived('report')] },
  );
  const src = !url ? null : cached ? (cache.get(url) ?? null) : (image.data ?? null);
  const initials = label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
  const className = `${square ? 'thumb' : 'avatar'}${fill ? ' fill' : ''}`;
  return src ? (
    <img className={className} src={src} alt="" width={size} height={size} />
  ) : (
    // The initials are drawn by CSS (::before), not text: a link around a picture is named by what
    // it opens, and letters in its text would be a visible name its accessible name does not hold.
    <span className={`${className} avatar-fallback`} style={fill ? undefined : { width: size, height: size }} aria-hidden="true" data-initials={initials} />
  );
}
