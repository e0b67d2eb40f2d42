import type { ReactNode } from 'react';

const external = (href: string) => /^https?:\/\//i.test(href);

/** A link that opens external sites in a new tab with rel="noopener noreferrer". */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (!external(href)) {
    return (
      <a className={className} href={href}>
        {children}
      </a>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function Actions({
  actions,
}: {
  actions: readonly { label: string; href: string; variant: 'primary' | 'secondary' }[];
}) {
  if (!actions.length) return null;
  return (
    <div className="actions">
      {actions.map((a) => (
        <SmartLink key={a.href + a.label} className={`btn btn-${a.variant}`} href={a.href}>
          {a.label}
        </SmartLink>
      ))}
    </div>
  );
}
