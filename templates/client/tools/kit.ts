/**
 * What every tool's script does with its form: reveal it (the page reads without JavaScript), read a
 * field through the shared parsers, put a message beside a field or clear it, and write a result
 * into its live region. No storage, no network: everything happens in this page.
 */
import type { Parsed } from '../../lib/tool-input.js';

export interface ToolForm {
  /** The tool's form (calculators) or group of questions (the self-check). */
  form: HTMLElement;
  root: HTMLElement;
  /** The raw text of a field. */
  text(name: string): string;
  /** Parses a field, shows its message (or clears it) and returns the value, or undefined. */
  read<T>(name: string, parse: (raw: string) => Parsed<T>, show?: boolean): T | undefined;
  /** Replaces a result region's content with these lines (text only: never HTML). */
  result(name: string, lines: readonly (string | [string, string])[], tone?: 'ok' | 'ask'): void;
  field(name: string): HTMLInputElement | HTMLSelectElement | null;
}

export function setupTool(tool: string, run: (t: ToolForm, showAll: boolean) => void): void {
  const root = document.querySelector<HTMLElement>(`[data-tool="${tool}"]`);
  const form = root?.querySelector<HTMLElement>('[data-form]');
  if (!root || !form) return;
  form.hidden = false;
  for (const el of root.querySelectorAll<HTMLElement>('[data-nojs]')) el.hidden = true;
  let touched = false;
  const field = (name: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-field="${name}"]`);
  const t: ToolForm = {
    form,
    root,
    field,
    text: (name) => field(name)?.value ?? '',
    read(name, parse, show = true) {
      const el = field(name);
      if (!el) return undefined;
      const r = parse(el.value);
      const msg = document.getElementById(`${el.id}-error`);
      // A message shows once the reader has typed (or asked for the answer); until then fields stay quiet.
      const say = !r.ok && show && (touched || el.value !== '');
      el.setAttribute('aria-invalid', String(say));
      if (msg) {
        msg.textContent = say && !r.ok ? r.message : '';
        msg.hidden = !say;
      }
      return r.ok ? r.value : undefined;
    },
    result(name, lines, tone = 'ok') {
      const region = root.querySelector<HTMLElement>(`[data-result="${name}"]`);
      if (!region) return;
      const list = document.createElement(lines.length > 1 ? 'ul' : 'div');
      for (const line of lines) {
        const item = document.createElement(lines.length > 1 ? 'li' : 'p');
        if (Array.isArray(line)) {
          const strong = document.createElement('strong');
          strong.textContent = `${line[0]}: `;
          item.append(strong, line[1]);
        } else item.textContent = line;
        list.append(item);
      }
      region.dataset.tone = tone;
      region.replaceChildren(list);
    },
  };
  const update = () => run(t, touched);
  form.addEventListener('input', () => {
    touched = true;
    update();
  });
  form.addEventListener('change', () => {
    touched = true;
    update();
  });
  form.addEventListener('submit', (e) => {
    // Nothing is sent: Enter in a field works the answer out here instead.
    e.preventDefault();
    touched = true;
    update();
  });
  update();
}

/** A number that is safe to show: finite, or a dash. */
export const finite = (n: number, show: (n: number) => string): string => (Number.isFinite(n) ? show(n) : '–');
