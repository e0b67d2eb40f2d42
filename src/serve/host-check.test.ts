import { describe, expect, it } from 'vitest';
import { hostAllowed } from './host-check.js';

describe('dev server Host check', () => {
  it.each([
    ['127.0.0.1:4321', '127.0.0.1', []],
    ['127.0.0.2', '127.0.0.1', []],
    ['localhost:4321', '127.0.0.1', []],
    ['LOCALHOST', '127.0.0.1', []],
    ['localhost.', '127.0.0.1', []],
    ['app.localhost:4321', '127.0.0.1', []],
    ['[::1]:4321', '127.0.0.1', []],
    ['[0:0:0:0:0:0:0:1]', '127.0.0.1', []],
    ['[::ffff:127.0.0.1]:4321', '127.0.0.1', []],
    ['devbox.lan:4321', 'devbox.lan', ['192.168.1.20']],
    ['192.168.1.20:4321', 'devbox.lan', ['192.168.1.20']],
    ['192.168.1.20:4321', '0.0.0.0', ['127.0.0.1', '192.168.1.20']],
    ['[fd00::2]:4321', '::', ['fd00:0:0:0:0:0:0:2']],
    ['0.0.0.0:4321', '0.0.0.0', ['127.0.0.1']],
  ])('accepts %s (started with --host %s, addresses %j)', (header, host, addresses) => {
    expect(hostAllowed(header, host, addresses)).toBe(true);
  });

  it.each([
    ['evil.example', '127.0.0.1', []],
    ['evil.example:4321', '0.0.0.0', ['192.168.1.20']],
    ['localhost.evil.example', '127.0.0.1', []],
    ['127.0.0.1.nip.io', '127.0.0.1', []],
    // An IP address is not enough: only loopback ones, and the ones --host listens on.
    ['10.1.2.3', '127.0.0.1', []],
    ['8.8.8.8:4321', '127.0.0.1', []],
    ['[fd00::2]', '127.0.0.1', []],
    ['[::ffff:10.1.2.3]', '127.0.0.1', []],
    ['10.1.2.3:4321', '0.0.0.0', ['127.0.0.1', '192.168.1.20']],
    ['10.1.2.3', 'devbox.lan', ['192.168.1.20']],
    ['', '127.0.0.1', []],
  ])('refuses %j (started with --host %s, addresses %j)', (header, host, addresses) => {
    expect(hostAllowed(header || undefined, host, addresses)).toBe(false);
  });
});
