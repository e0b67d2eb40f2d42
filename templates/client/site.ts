// Progressive enhancement only: every page works without this script.
// Loaded (without defer) in <head> so the "js" class is set before first paint: no layout shift.
document.documentElement.classList.add('js');

function setupMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('.menu-toggle');
  const nav = document.getElementById(button?.getAttribute('aria-controls') ?? '');
  if (!button || !nav) return;
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('is-open', open);
  };
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
  nav.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) set(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      set(false);
      button.focus();
    }
  });
}

const MESSAGES: Record<string, string> = {
  valueMissing: 'Please fill in this field.',
  typeMismatch: 'Please enter a valid email address, like name@example.com.',
};

function setupForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-mode]')) {
    form.noValidate = true;
    form.addEventListener('submit', (e) => {
      let first: HTMLInputElement | HTMLTextAreaElement | null = null;
      for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
        const error = document.getElementById(`${field.id}-error`);
        const v = field.validity;
        const message =
          (v.valid
            ? ''
            : v.valueMissing
              ? MESSAGES.valueMissing
              : v.typeMismatch
                ? MESSAGES.typeMismatch
                : field.validationMessage) ?? '';
        field.setAttribute('aria-invalid', String(!v.valid));
        if (error) {
          error.textContent = message;
          error.hidden = !message;
        }
        if (!v.valid && !first) first = field;
      }
      if (first) {
        e.preventDefault();
        first.focus();
        return;
      }
      if (form.dataset.mode === 'mailto') {
        // Without a form service, hand the message to the visitor's email app.
        e.preventDefault();
        const data = new FormData(form);
        const subject = String(data.get('subject') ?? '');
        const body = `${data.get('message') ?? ''}\n\n— ${data.get('name') ?? ''} <${data.get('email') ?? ''}>`;
        const url =
          `${form.action.split('?')[0]}?subject=${encodeURIComponent(subject)}` + `&body=${encodeURIComponent(body)}`;
        // Announce the hand-off (for analytics or tests), then open the mail client.
        form.dispatchEvent(new CustomEvent('pa-site:mailto', { detail: url, bubbles: true }));
        window.location.href = url;
      }
    });
  }
}

function init(): void {
  setupMenu();
  setupForms();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
else init();
