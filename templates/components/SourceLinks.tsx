import type { SiteConfig } from 'pa-site';

/** Sources named by id, each its publisher linked to the page (or named, for a statute cited by section). */
export function SourceLinks({ refs, site }: { refs: string | readonly string[]; site: SiteConfig }) {
  const list = [refs].flat().flatMap((id) => (site.sources[id] ? [site.sources[id]] : []));
  return (
    <>
      {list.map((s, i) => (
        <span key={s.id}>
          {i ? ', ' : null}
          {s.url ? (
            <a href={s.url} rel="noopener noreferrer" target="_blank">
              {s.publisher}
            </a>
          ) : (
            <cite>{s.publisher}</cite>
          )}
        </span>
      ))}
    </>
  );
}
