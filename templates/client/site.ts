// Progressive enhancement only: every page works without this script.
// Loaded (without defer) in <head> so the "js" class is set before first paint: no layout shift.
document.documentElement.classList.add('js');

const DESKTOP = '(min-width: 1100px)';

/** The <details> menu: open on desktop, closed on a link choice or Escape on small screens. */
function setupMenu(): void {
  const menu = document.querySelector<HTMLDetailsElement>('details.nav-menu');
  const summary = menu?.querySelector('summary');
  if (!menu || !summary) return;
  const desktop = window.matchMedia(DESKTOP);
  const sync = () => {
    menu.open = desktop.matches;
  };
  sync();
  desktop.addEventListener('change', sync);
  menu.addEventListener('click', (e) => {
    if (!desktop.matches && (e.target as Element).closest('a')) menu.open = false;
  });
  // A tap outside the open menu closes it, as on most phone sites.
  document.addEventListener('click', (e) => {
    if (menu.open && !desktop.matches && !menu.contains(e.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.open && !desktop.matches) {
      menu.open = false;
      summary.focus();
    }
  });
}

/**
 * Other <details> the CSS shows open on wider screens: the table of contents (from 1100 px) and
 * card highlights (`data-open-from="760"`). A link choice closes them on phones.
 */
function setupDesktopOpen(): void {
  for (const details of document.querySelectorAll<HTMLDetailsElement>(
    'details[data-desktop-open], details[data-open-from]',
  )) {
    const from = details.dataset.openFrom;
    const desktop = window.matchMedia(from ? `(min-width: ${from}px)` : DESKTOP);
    const sync = () => {
      details.open = desktop.matches;
    };
    sync();
    desktop.addEventListener('change', sync);
    details.addEventListener('click', (e) => {
      if (!desktop.matches && (e.target as Element).closest('a')) details.open = false;
    });
  }
}

/**
 * Desktop dropdowns: each has a button whose aria-expanded follows the state. Hover opens, the
 * button toggles, Escape closes and returns focus to the button, focus leaving the item closes it.
 */
function setupDropdowns(): void {
  const items = [...document.querySelectorAll<HTMLElement>('.nav-item.has-sub')];
  const set = (item: HTMLElement, open: boolean) => {
    item.classList.toggle('is-open', open);
    item.querySelector('.sub-toggle')?.setAttribute('aria-expanded', String(open));
  };
  for (const item of items) {
    const button = item.querySelector<HTMLButtonElement>('.sub-toggle');
    if (!button) continue;
    button.hidden = false;
    button.addEventListener('click', () => {
      const open = !item.classList.contains('is-open');
      for (const other of items) if (other !== item) set(other, false);
      set(item, open);
    });
    item.addEventListener('pointerenter', (e) => {
      if (e.pointerType !== 'mouse' || !window.matchMedia(DESKTOP).matches) return;
      for (const other of items) set(other, other === item);
    });
    item.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') set(item, false);
    });
    item.addEventListener('focusout', (e) => {
      if (!item.contains(e.relatedTarget as Node | null)) set(item, false);
    });
    item.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && item.classList.contains('is-open')) {
        e.stopPropagation();
        set(item, false);
        button.focus();
      }
    });
  }
}

const MESSAGES = {
  valueMissing: 'Please fill in this field.',
  blank: 'Please enter more than spaces.',
  typeMismatch: 'Please enter a valid email address, like name@example.com.',
};

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The message for a field, or '' when it is fine. Spaces alone do not fill a required field. */
function problem(field: Field): string {
  const v = field.validity;
  if (v.valueMissing) return MESSAGES.valueMissing;
  if (field.required && !field.value.trim()) return MESSAGES.blank;
  if (v.typeMismatch) return MESSAGES.typeMismatch;
  if (v.patternMismatch) return MESSAGES.blank;
  return v.valid ? '' : field.validationMessage;
}

function setupForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-mode]')) {
    form.noValidate = true;
    form.addEventListener('submit', (e) => {
      let first: Field | null = null;
      for (const field of form.querySelectorAll<Field>('input:not([type="hidden"]), textarea')) {
        const error = document.getElementById(`${field.id}-error`);
        const message = problem(field);
        field.setAttribute('aria-invalid', String(Boolean(message)));
        if (error) {
          error.textContent = message;
          error.hidden = !message;
        }
        if (message && !first) first = field;
      }
      if (first) {
        e.preventDefault();
        first.focus();
        return;
      }
      if (form.dataset.mode === 'mailto') {
        // Without a form service, hand the message to the visitor's email app, and say so.
        e.preventDefault();
        const data = new FormData(form);
        const subject = String(data.get('subject') ?? '').trim();
        const name = String(data.get('name') ?? '').trim();
        const body = `${String(data.get('message') ?? '').trim()}

— ${name} <${data.get('email') ?? ''}>`;
        const url =
          `${form.action.split('?')[0]}?subject=${encodeURIComponent(subject)}` + `&body=${encodeURIComponent(body)}`;
        const sent = document.getElementById('message-sent');
        if (sent) {
          sent.classList.add('is-shown');
          sent.focus();
        }
        // Announce the hand-off (for analytics or tests), then open the mail client.
        form.dispatchEvent(new CustomEvent('pa-site:mailto', { detail: url, bubbles: true }));
        window.location.href = url;
      }
    });
  }
}

function init(): void {
  setupMenu();
  setupDropdowns();
  setupDesktopOpen();
  setupForms();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
