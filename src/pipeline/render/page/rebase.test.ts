import { describe, expect, it } from 'vitest';
import { rebaseHtml } from './rebase.js';

describe('rebaseHtml', () => {
  it('leaves a page as it is at the root', () => {
    const html = '<a href="/about">About</a><img src="/a.png"/>';
    expect(rebaseHtml(html, '/')).toBe(html);
  });
  it('puts every site-absolute attribute URL under the base', () => {
    const html =
      '<link rel="stylesheet" href="/assets/s.css"/><script src="/assets/s.js"></script>' +
      '<a class="brand" href="/" aria-current="page">Home</a><form action="/thanks" method="post"></form>' +
      '<img srcset="/a.png 1x, /b.png 2x" src="/a.png" alt=""/>';
    expect(rebaseHtml(html, '/repo/')).toBe(
      '<link rel="stylesheet" href="/repo/assets/s.css"/><script src="/repo/assets/s.js"></script>' +
        '<a class="brand" href="/repo/" aria-current="page">Home</a><form action="/repo/thanks" method="post"></form>' +
        '<img srcset="/repo/a.png 1x, /repo/b.png 2x" src="/repo/a.png" alt=""/>',
    );
  });
  it('leaves absolute, protocol-relative, fragment and mail URLs alone', () => {
    const html =
      '<link rel="canonical" href="https://a.com/repo/x"/><a href="//cdn.a.com/x">x</a>' +
      '<a href="#main">skip</a><a href="mailto:a@b.com">m</a><a href="tel:+18004262537">t</a>';
    expect(rebaseHtml(html, '/repo/')).toBe(html);
  });
  it('never rewrites text, even text that reads like an attribute, nor JSON-LD', () => {
    const html =
      '<p>Write <code>&lt;a href="/x"&gt;</code> or title=" href="/y"</p>' +
      '<span title="a > b" data-x="c"><a href="/z">z</a></span>' +
      '<script type="application/ld+json">{"a":"\\u003ca href=\\"/q\\">"}</script>';
    expect(rebaseHtml(html, '/repo/')).toBe(html.replace('href="/z"', 'href="/repo/z"'));
  });
});
