import type { Link } from 'pa-site';

/** A list of links (a submenu, a footer column); the one to the current page says so (aria-current). */
export function LinkList({
  links,
  route,
  className,
  id,
}: {
  links: Link[];
  route: string;
  className?: string;
  id?: string;
}) {
  return (
    <ul className={className} id={id}>
      {links.map((l) => (
        <li key={l.href}>
          <a href={l.href} aria-current={l.href === route ? 'page' : undefined}>
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
