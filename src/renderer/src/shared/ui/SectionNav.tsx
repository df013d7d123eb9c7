// Links to the parts of a long page. The address keeps naming the page (Scout routes by the
// hash), so a link scrolls to its part and moves the keyboard there instead of changing the hash.
export interface PageSection {
  id: string;
  label: string;
}

export function SectionNav({ label, sections }: { label: string; sections: readonly PageSection[] }) {
  if (sections.length < 2) return null;
  return (
    <nav className="section-nav" aria-label={label} data-testid="section-nav">
      <span className="muted">Jump to</span>
      {sections.map((section) => (
        <a
          key={section.id}
          href={`#${section.id}`}
          onClick={(event) => {
            event.preventDefault();
            const target = document.getElementById(section.id);
            if (!target) return;
            if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
            target.scrollIntoView({ block: 'start' });
            target.focus({ preventScroll: true });
          }}
        >
          {section.label}
        </a>
      ))}
    </nav>
  );
}
