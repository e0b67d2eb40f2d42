import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expandShared, Shared } from './shared-parts.js';

let renders = 0;
function Nav({ site, route }: { site: { name: string }; route: string }) {
  renders++;
  return createElement(
    'nav',
    null,
    createElement('a', { href: '/a', 'aria-current': route === '/a' ? 'page' : undefined }, site.name),
  );
}

const page = (site: { name: string }, route: string, text = '') =>
  expandShared(
    renderToStaticMarkup(
      createElement(
        'body',
        null,
        createElement(Shared<{ site: { name: string }; route: string }>, { of: Nav, props: { site, route } }),
        text,
      ),
    ),
  );

describe('shared parts', () => {
  it('renders a part once per distinct props and splices the same markup into every page', () => {
    const site = { name: 'PA & Co' };
    renders = 0;
    const pages = ['/x', '/y', '/z'].map((r) => page(site, r === '/z' ? '/a' : ''));
    expect(renders).toBe(2); // '' twice, then '/a'
    expect(pages[0]).toBe('<body><nav><a href="/a">PA &amp; Co</a></nav></body>');
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).toBe('<body><nav><a href="/a" aria-current="page">PA &amp; Co</a></nav></body>');
  });

  it('compares objects by identity, so a new build (new site object) never reuses old markup', () => {
    renders = 0;
    expect(page({ name: 'One' }, '')).toContain('>One<');
    expect(page({ name: 'Two' }, '')).toContain('>Two<');
    expect(renders).toBe(2);
  });

  it('leaves text that merely looks like a placeholder alone: page text reaches the HTML escaped', () => {
    const html = page({ name: 'N' }, '', '<pa-shared data-key="0"></pa-shared>');
    expect(html).toContain('&lt;pa-shared data-key=&quot;0&quot;&gt;&lt;/pa-shared&gt;');
    expect(html.match(/<nav>/g)).toHaveLength(1);
  });

  it('renders the same bytes as rendering the component in place', () => {
    const site = { name: 'Same' };
    const inPlace = renderToStaticMarkup(createElement('body', null, createElement(Nav, { site, route: '/a' })));
    expect(page(site, '/a')).toBe(inPlace);
  });
});
