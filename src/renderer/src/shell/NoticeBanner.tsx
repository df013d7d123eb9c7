import { shell, useShell } from '../data/useShell';

export function NoticeBanner() {
  const notices = useShell((s) => s.appInfo?.notices);
  const dismiss = shell.dismissNotice;
  if (!notices?.length) return null;
  return (
    <div className="notices">
      {notices.map((n) => (
        <div key={n.id} className={`callout ${n.level}`} role="alert">
          <p>{n.message}</p>
          <button type="button" onClick={() => void dismiss(n.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
