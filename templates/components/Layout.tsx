import type { LayoutProps } from 'pa-site';
import { Header } from './Header.js';
import { Footer } from './Footer.js';
import { ComplianceNotice } from './Compliance.js';
import { Shared } from 'pa-site/shared-parts';

/** What JSON-LD text escapes: "<" (so no `</script>` or `<!--` appears) and the JavaScript line separators. */
const JSON_LD_UNSAFE = /[<\u2028\u2029]/g;
const JSON_LD_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** Serializes structured data so that no "<" can close the script element (one pass over the JSON). */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(JSON_LD_UNSAFE, (c) => JSON_LD_ESCAPES[c]!);

/** The media type of the site's icon, by its extension (the schema allows these three). */
const iconType = (file: string) =>
  file.endsWith('.svg') ? 'image/svg+xml' : file.endsWith('.png') ? 'image/png' : 'image/x-icon';

type HeadEndProps = Pick<LayoutProps, 'site' | 'assets' | 'socialImage' | 'feed'>;

/**
 * The last elements of <head> before the page's JSON-LD, the same on every page of a build: rendered
 * once (shared-parts.ts). Its first three are hoisted by React in a page's <head> as in this part
 * alone, so the page keeps their order.
 */
function HeadEnd({ site, assets, socialImage, feed }: HeadEndProps) {
  return (
    <>
      {socialImage ? <meta name="twitter:image" content={socialImage} /> : null}
      {site.favicon ? <link rel="icon" href={site.favicon} type={iconType(site.favicon)} /> : null}
      {feed ? <link rel="alternate" type="application/atom+xml" title={site.title} href={feed} /> : null}
      <link rel="stylesheet" href={assets.css} />
      <script src={assets.script} />
    </>
  );
}

export function Layout(props: LayoutProps) {
  const { site, title, description, canonical, assets } = props;
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {props.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content="#0b3d2e" />
        <meta property="og:type" content={props.ogType ?? 'website'} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {props.noindex ? null : <meta property="og:url" content={canonical} />}
        {props.socialImage ? <meta property="og:image" content={props.socialImage} /> : null}
        {props.socialImage ? <meta property="og:image:width" content="1200" /> : null}
        {props.socialImage ? <meta property="og:image:height" content="630" /> : null}
        <meta property="og:locale" content="en_US" />
        <meta name="twitter:card" content={props.socialImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <Shared of={HeadEnd} props={{ site, assets, socialImage: props.socialImage, feed: props.feed }} />
        {props.jsonLd.map((d, i) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonLdText escapes < and line separators
          // biome-ignore lint/suspicious/noArrayIndexKey: a static render; the list never reorders
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(d) }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header site={site} section={props.section} route={props.route} />
        <main id="main" tabIndex={-1}>
          {props.children as never}
        </main>
        {props.content ? <Shared of={ComplianceNotice} props={{ site }} /> : null}
        <Footer site={site} year={props.year} route={props.route} />
      </body>
    </html>
  );
}
