import type { BlockOf, ListedPage } from 'pa-site';
import { formatPartialDate } from '../lib/dates.js';
import { readLabel } from '../lib/read-label.js';

/** When a listed post was published: its `date`, else when it last changed. */
const dateOf = (p: ListedPage) => p.date ?? p.updated ?? '';

/** The posts a `posts` block lists: pages under its section (and with its tag), newest first, never this page. */
export function selectPosts(block: BlockOf<'posts'>, pages: readonly ListedPage[], route: string): ListedPage[] {
  const under = `${block.section === '/' ? '' : block.section}/`;
  return pages
    .filter((p) => p.route !== route && p.route.startsWith(under) && (!block.tag || p.tags?.includes(block.tag)))
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)) || a.title.localeCompare(b.title))
    .slice(0, block.limit);
}

/** A blog's list: each post's title, date, summary and tags, newest first. */
export function PostList({ block, pages, route }: { block: BlockOf<'posts'>; pages: ListedPage[]; route: string }) {
  const posts = selectPosts(block, pages, route);
  return (
    <section className="posts">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      {posts.length ? (
        <ul className="post-list">
          {posts.map((p) => (
            <li key={p.route} className="post-item">
              <h3 className="post-title">
                <a href={p.route}>{p.title}</a>
              </h3>
              {dateOf(p) ? (
                <p className="post-date">
                  <time dateTime={dateOf(p)}>{formatPartialDate(dateOf(p))}</time>
                </p>
              ) : null}
              <p>{p.description}</p>
              {p.tags?.length ? (
                <ul className="post-tags" aria-label="Tags">
                  {p.tags.map((t) => (
                    <li key={t}>
                      <a href={`/tags/${t}`}>{t}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <a className="post-read" href={p.route} aria-label={`${readLabel(p, true)}: ${p.title}`}>
                {readLabel(p, true)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No posts yet.</p>
      )}
    </section>
  );
}
