import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from './check.js';
import { decodeHtml } from './decode-html.js';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('decodeHtml (#36 item 11)', () => {
  it('honours <meta charset> and http-equiv, and defaults to UTF-8', () => {
    expect(decodeHtml(latin1('<meta charset="iso-8859-1"><p>caf\u00e9</p>'))).toContain('café');
    expect(decodeHtml(latin1('<meta charset=windows-1252><p>\u0093q\u0094</p>'))).toContain('\u201cq\u201d');
    const equiv = '<meta http-equiv="Content-Type" content="text/html; charset=latin1"><p>caf\u00e9</p>';
    expect(decodeHtml(latin1(equiv))).toContain('café');
    expect(decodeHtml(Buffer.from('<p>café</p>'))).toBe('<p>café</p>');
    expect(decodeHtml(Buffer.from('<meta charset="no-such-label"><p>café</p>'))).toContain('café');
  });

  it('check --dir matches a link to #café with the id of a Latin-1 page', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pa-site-latin1-'));
    try {
      await writeFile(
        path.join(dir, 'index.html'),
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head>' +
          '<body><a href="menu.html#caf%C3%A9">Menu</a></body></html>',
      );
      await writeFile(
        path.join(dir, 'menu.html'),
        latin1(
          '<!DOCTYPE html><html lang="en"><head><meta charset="iso-8859-1"><title>Menu</title></head>' +
            '<body><h2 id="caf\u00e9">Caf\u00e9</h2></body></html>',
        ),
      );
      const r = await check({ dir });
      expect(r.findings.map((f) => `${f.rule} ${f.target ?? ''}`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
