// The renderer's Content Security Policy, the same in both hosts: a response header from
// Electron's app:// handler and from browser mode's server, and a meta tag in the built index.html. No inline or remote scripts;
// images only from Scout itself (cached avatars arrive as data or blob URLs).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and echarts set inline style attributes; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
