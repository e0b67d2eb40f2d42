/**
 * A review added to a site `pa-site init` made: review data for its example operator and the page
 * that shows it, the smallest site that uses both default page templates.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The review's route. */
export const REVIEW_ROUTE = '/example-sportsbook-pennsylvania-review';

const REVIEW_DATA = `review: # the review page's data
  source: example-source # where its facts come from
  pros: [Replace with a pro your source states, Replace with a second one] # what it does well
  cons: [Replace with a con your source states, Replace with a second one] # what it does less well
  checkOnSite: [Its current offer terms] # what a reader should confirm on its own site
  verdict: Replace with your verdict. # the review's last word
`;

const reviewPage = (month: string) => `---
template: review
operator: example-sportsbook
title: Example Sportsbook Review
description: What Example Sportsbook offers bettors in Pennsylvania, from its published terms.
updated: ${month}
hero:
  heading: Example Sportsbook Review
  lede: What Example Sportsbook offers in Pennsylvania.
---
Start the review here.
`;

/** Adds the review to the init site in `dir` (dated `month`, YYYY-MM). */
export async function addReview(dir: string, month: string): Promise<void> {
  await appendFile(path.join(dir, 'content/operators/example-sportsbook.yaml'), REVIEW_DATA);
  await writeFile(path.join(dir, `content/pages${REVIEW_ROUTE}.md`), reviewPage(month));
}

/**
 * The example of docs/templates.md: each ```tsx block whose first line is `// templates/<path>`,
 * by that path (the comment kept, as a reader copying it would).
 */
export function templatesDocExample(docs: string): Record<string, string> {
  const files: Record<string, string> = {};
  // The override example's section only: "A template of your own" has its own test (tests/any-site.test.ts).
  const from = docs.indexOf('## An example: one page template and one component');
  const section = docs.slice(from, docs.indexOf('\n## ', from + 1));
  for (const m of section.matchAll(/^```tsx\n(\/\/ (templates\/\S+)\n[\s\S]*?)^```$/gm)) files[m[2]!] = m[1]!;
  return files;
}
