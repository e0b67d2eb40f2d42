/**
 * The files `pa-site init` writes: the smallest site that builds and passes `check` with no
 * warnings, each field with a comment saying what it is for. Placeholders say "Replace".
 */
import { type SchemaName, schemaFile } from '../schema/json-schema.js';

/** The yaml-language-server modeline pointing a YAML file `depth` folders below the project at its schema. */
const modeline = (name: SchemaName, depth: number) =>
  `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${schemaFile(name)}\n`;

const SITE = `# The site's settings: the header, the footer and the notices on every page come from here.
# Every key, optional ones included: docs/content.md in the pa-site package.

# The site's name: the header, link previews (og:site_name) and structured data. Each page's
# <title> is its own \`title:\`, used as written (end it with this name if you want it there).
title: My Betting Guide
# The address the site is published at: canonical links, sitemap.xml and robots.txt.
url: https://guide.example.com

# The problem-gambling help line every page shows (a compliance rule).
helpline:
  display: 1-800-GAMBLER # as readers see it
  tel: "+18004262537" # digits for the tel: link
  numeric: 1-800-426-2537 # the number as dialed

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

# The foot of every page.
footer:
  # The sentence at the foot of every page.
  disclaimer: This site is for readers 21 and older in Pennsylvania. It is an independent guide.

# The gambling compliance pack: what every page must say to readers, and the check rules that
# enforce it (docs/content.md, "Compliance packs"). Remove the block for a site that is not about gambling.
compliance:
  pack: gambling
  # Where readers may play: the age line and check name it.
  jurisdiction:
    name: Pennsylvania # in sentences: "physically inside Pennsylvania"
    short: PA # before a noun: "PA sportsbooks"
  age: 21 # the minimum age to play there
  # The 21+ reminder at the end of every page (a compliance rule).
  reminder: You must be 21 or older and physically in Pennsylvania to play. Gambling involves risk.
  # The full compensation disclosure, at the end of every page.
  disclosure: We may receive compensation when you sign up with an operator through a link on this site.
  # The short notice above the first operator link on a page (a compliance rule).
  shortDisclosure: We may receive compensation when you sign up through a link on this page.
  # Where the full disclosure is: a page, or a heading on one.
  disclosureHref: /#advertising-disclosure

# The licensed brands the offers blocks list; operator files join it by themselves.
market:
  asOf: Replace with the month you checked the list # shown as "as of …"
  source: example-source # where the list comes from: an id in sources.yaml
`;

const SOURCES = `# The sources behind every fact the site states: facts name these ids in \`source:\`, and each
# page lists the sources of what it shows.
- id: example-source # the id facts cite
  title: Replace with the page's title # the page your facts come from, as readers see it listed
  publisher: Replace with its publisher # who publishes it
  url: https://publisher.example.com/source # where it is (left out for a statute cited by section)
`;

const OPERATOR = `# One sportsbook or casino; the file name (example-sportsbook) is its id. Copy it for each one.
kind: sportsbook # or casino
name: Example Sportsbook # its full name
shortName: Example # in sentences and buttons
rank: 1 # its place in rankings, 1 first
rating: 4 # your rating out of 5
brandColor: "#1f5fbf" # the color of its wordmark
licensee: Replace with the license holder # who holds the license it operates under, as your source says
officialUrl: https://sportsbook.example.com/ # its own site
termsUrl: https://sportsbook.example.com/promotions # where it publishes its current offers and terms
features: # two to six things your source says about it
  - Replace with a feature your source states
  - Replace with a second one
source: example-source # where the facts above come from: an id in sources.yaml
`;

const page = (month: string) => `---
# The home page. Every file in content/pages is a page, and its path is its URL.
template: guide # guide (articles, landing pages) or review (an operator's review)
title: My Betting Guide # the <title>, as search results show it
description: A guide to legal online sports betting in Pennsylvania, with the operators we rank.
updated: ${month} # when the page last changed: YYYY-MM or YYYY-MM-DD
hero:
  heading: My Betting Guide # the page's one <h1>
  lede: Legal online sports betting in Pennsylvania, explained. # the sentence under it
blocks:
  books: # a block, placed in the text below with "::: books"
    type: operators # a list of the operators in content/operators
    kind: sportsbook
---
Start writing here. The list below comes from \`content/operators/\`.

::: books

## Advertising disclosure

We may receive compensation when you sign up with an operator through a link on this site. It
never decides an operator's rank or rating.
`;

/** The starter files by path in the project, for a page last updated in `month` (YYYY-MM). */
export function starterFiles(month: string): Record<string, string> {
  return {
    'content/site.yaml': modeline('site', 1) + SITE,
    'content/sources.yaml': modeline('sources', 1) + SOURCES,
    'content/operators/example-sportsbook.yaml': modeline('operator', 2) + OPERATOR,
    'content/pages/index.md': page(month),
  };
}
