import type { ListedPage } from 'pa-site';

/**
 * The words of a card's link to a listed page, from what the page is: an operator review, a post
 * (it has a `date:`, or a `posts` block lists it), a guide, or a page of a template the site
 * registers itself, which pa-site cannot name ("Read more").
 */
export function readLabel(page: Pick<ListedPage, 'template' | 'date'>, post = false): string {
  if (page.template === 'review') return 'Read the review';
  if (post || page.date) return 'Read the post';
  return page.template === 'guide' ? 'Read the guide' : 'Read more';
}
