/**
 * Splits a page that starts with a `---` line into its YAML frontmatter and its Markdown body, by
 * gray-matter's rules (the frontmatter ends at the next line starting with `---`; one line break
 * after it is dropped). `matter` begins right after the opening `---`, so its line numbers are the
 * file's. gray-matter itself copies every file into a Buffer on each call, which cost 180–250 ms of
 * a 1.7 s warm 4,000-page build; `frontmatter.test.ts` checks this split against gray-matter's.
 */
export function splitFrontmatter(text: string): { matter: string; content: string } {
  const str = text.slice(3);
  let close = str.indexOf('\n---');
  if (close === -1) close = str.length;
  let content = str.slice(close + 4);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  return { matter: str.slice(0, close), content };
}
