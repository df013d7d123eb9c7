import { useEffect, useState } from 'react';
import { scout } from './scoutClient';

// Pictures come from the workspace cache (they outlive the CDN's 28-day links), never from the
// network directly: the page's CSP allows only data: and blob: images.
const cache = new Map<string, string | null>();

/** `fill`: a thumbnail as wide as its column (square), `size` only what the image is asked at. */
export function Avatar({ url, label, size = 32, square = false, fill = false }: { url: string | null; label: string; size?: number; square?: boolean; fill?: boolean }) {
  const [src, setSrc] = useState<string | null>(url ? (cache.get(url) ?? null) : null);
  useEffect(() => {
    if (!url || cache.has(url)) return;
    let live = true;
    scout
      .invoke('images:get', { url })
      .then((image) => {
        cache.set(url, image?.dataUrl ?? null);
        if (live) setSrc(image?.dataUrl ?? null);
      })
      .catch(() => cache.set(url, null));
    return () => {
      live = false;
    };
  }, [url]);
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
