/**
 * The files `pa-site init --starter blank` writes: a plain site (a home page, an about page and a
 * blog with one post and its feed) with no compliance pack, so no notice, help line or rule of a
 * regulated site. Each field has a comment saying what it is for; placeholders say "Replace".
 */
import { type SchemaName, schemaFile } from '../schema/json-schema.js';

const modeline = (name: SchemaName, depth: number) =>
  `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${schemaFile(name)}\n`;

const SITE = `# The site's settings: the header and the footer of every page come from here.
# Every key, optional ones included: docs/content.md in the pa-site package.

# The site's name: the header, link previews and each page's <title> (titleFormat below).
title: My Site
# Each page's <title>: {title} is the page's own title, {site} the name above.
titleFormat: "{title} | {site}"
# The address the site is published at: canonical links, sitemap.xml and robots.txt.
url: https://www.example.com

# The site's email addresses.
emails:
  # Where readers write to: the contact blocks and structured data show it.
  general: hello@example.com

# The bar at the top of every page.
header:
  # The main menu: one item per top-level page.
  menu:
    - name: Home # the link's text
      href: / # where it goes
    - name: Blog
      href: /blog
    - name: About
      href: /about

# The foot of every page.
footer:
  # A sentence at the foot of every page (optional).
  disclaimer: Replace with a sentence about your site.

# The Atom feed (/feed.xml): the posts of the blog section, newest first.
feed:
  section: /blog

# A regulated site turns on a compliance pack here (docs/content.md, "Compliance packs").
`;

const HOME = (month: string) => `---
# The home page. Every file in content/pages is a page, and its path is its URL.
template: guide # a template registered in templates/index.ts
title: Home # the <title> (the site's name is added after it)
description: Replace with one or two sentences on what this site is about, as search results show them.
updated: ${month} # when the page last changed: YYYY-MM or YYYY-MM-DD
schemaType: website # the home page is the site itself, not an article
hero:
  heading: My Site # the page's one <h1>
  lede: Replace with the sentence under the heading. # the sentence under it
blocks:
  latest: # a block, placed in the text below with "::: latest"
    type: posts # the newest posts of a section
    section: /blog
    limit: 3
    heading: Latest posts
---
Start writing here, in Markdown.

::: latest
`;

const ABOUT = (month: string) => `---
template: guide
title: About
description: Replace with what readers learn on this page about the site and the people behind it.
updated: ${month}
schemaType: webpage
hero:
  heading: About this site
  lede: Replace with who writes it and why.
---
Replace with a few paragraphs about the site.
`;

const BLOG = (month: string) => `---
template: guide
title: Blog
description: Replace with what the blog is about. Every post is listed here, newest first.
updated: ${month}
schemaType: webpage
hero:
  heading: Blog
  lede: Every post, newest first.
blocks:
  posts:
    type: posts # the pages under /blog, newest \`date\` first
    section: /blog
---
::: posts
`;

const POST = (month: string) => `---
template: guide
title: Hello, world
description: Replace with a sentence or two that sums up this first post for search results and feeds.
date: ${month} # when the post was published: lists and the feed order posts by it
updated: ${month}
tags: [news] # each tag has a page at /tags/<tag>
hero:
  heading: Hello, world
  lede: The first post of the blog.
---
Replace with your first post. A new post is a new file in content/pages/blog.
`;

/** The blank starter's files by path in the project, for pages last updated in `month` (YYYY-MM). */
export function blankStarterFiles(month: string): Record<string, string> {
  return {
    'content/site.yaml': modeline('site', 1) + SITE,
    'content/pages/index.md': HOME(month),
    'content/pages/about.md': ABOUT(month),
    'content/pages/blog.md': BLOG(month),
    'content/pages/blog/hello-world.md': POST(month),
  };
}
