import { scout } from './scoutClient';
import { useScoutQuery } from './useScoutQuery';

// Pictures come from the workspace cache (they outlive the CDN's 28-day links), never from the
// network directly: the page's CSP allows only data: and blob: images.
const cache = new Map<string, string | null>();

/** `fill`: a thumbnail as wide as its column (square), `size` only what the image is asked at. */
export function Avatar({ url, label, size = 32, square = false, fill = false }: { url: string | null; label: string; size?: number; square?: boolean; fill?: boolean }) {
  const cached = !!url && cache.has(url);
  // A picture seen once is drawn from the session's cache at once; another is asked for.
  const image = useScoutQuery(
    () =>
      scout.invoke('images:get', { url: url! }).then(
        (found) => {
          cache.set(url!, found?.dataUrl ?? null);
          return found?.dataUrl ?? null;
        },
        (error: unknown) => {
          cache.set(url!, null);
          throw error;
        },
      ),
    [url],
    { enabled: !!url && !cached },
  );
  const src = !url ? null : cached ? (cache.get(url) ?? null) : (image.data ?? null);
  const initials = label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
  const className = `${square ? 'thumb' : 'avatar'}${fill ? ' fill' : ''}`;
  return src ? (
    <img className={className} src={src} alt="" width={size} height={size} />
  ) : (
    <span className={`${className} avatar-fallback`} style={fill ? undefined : { width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}
