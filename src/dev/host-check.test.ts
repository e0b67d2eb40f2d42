import { describe, expect, it } from 'vitest';
import { hostAllowed } from './host-check.js';

describe('dev server Host check', () => {
  it.each([
    ['127.0.0.1:4321', '127.0.0.1'],
    ['localhost:4321', '127.0.0.1'],
    ['LOCALHOST', '127.0.0.1'],
    ['app.localhost:4321', '127.0.0.1'],
    ['[::1]:4321', '127.0.0.1'],
    ['192.168.1.20:4321', '0.0.0.0'],
    ['devbox.lan:4321', 'devbox.lan'],
  ])('accepts %s (started with --host %s)', (header, host) => {
    expect(hostAllowed(header, host)).toBe(true);
  });

  it.each([
    ['evil.example', '127.0.0.1'],
    ['evil.example:4321', '0.0.0.0'],
    ['localhost.evil.example', '127.0.0.1'],
    ['127.0.0.1.nip.io', '127.0.0.1'],
    ['', '127.0.0.1'],
  ])('refuses %j (started with --host %s)', (header, host) => {
    expect(hostAllowed(header || undefined, host)).toBe(false);
  });
});
