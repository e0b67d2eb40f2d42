import type { BlockOf, SiteConfig } from 'pa-site';

/**
 * The contact form. With `contact.formEndpoint` set it posts there; with `contact.netlifyForms` it
 * is marked for Netlify Forms and posts back to this page at #message-sent, where the confirmation
 * shows by CSS (:target) without JavaScript; otherwise it falls back to the visitor's mail client
 * (`mailto:` with the fields in the message), so the button always works. Fields must hold more
 * than spaces: `pattern` says so without JavaScript, the site script for every field with it.
 */
export function ContactForm({
  block,
  site,
  route,
}: {
  block: BlockOf<'contact-form'>;
  site: SiteConfig;
  route: string;
}) {
  const netlify = site.contact.netlifyForms;
  const endpoint = site.contact.formEndpoint;
  const mode = netlify ? 'netlify' : endpoint ? 'endpoint' : 'mailto';
  const action = netlify ? `${route}#message-sent` : (endpoint ?? `mailto:${site.emails.general}`);
  const notBlank = { pattern: '.*\\S.*', title: 'Please enter more than spaces.' };
  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </label>
      {input}
      <p className="field-error" id={`${id}-error`} hidden />
    </div>
  );
  return (
    <section className="contact-form" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{block.heading}</h2>
      <div id="message-sent" className="form-sent" role="status" tabIndex={-1}>
        <p className="form-sent-title">
          {mode === 'mailto' ? 'Your message is ready to send' : 'Thank you: your message was sent'}
        </p>
        <p>
          {mode === 'mailto'
            ? `Your email app has opened with your message addressed to ${site.emails.general}. ` +
              `Press send there; if no app opened, write to ${site.emails.general} directly.`
            : site.contact.responseTime
              ? `We answer every message within ${site.contact.responseTime}.`
              : 'We read every message.'}
        </p>
      </div>
      <form
        action={action}
        method="post"
        encType={mode === 'mailto' ? 'text/plain' : undefined}
        data-mode={mode}
        name={netlify ? 'contact' : undefined}
        {...(netlify ? { 'data-netlify': 'true' } : {})}
        noValidate={false}
      >
        {netlify ? <input type="hidden" name="form-name" value="contact" /> : null}
        {field(
          'contact-name',
          'Name',
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            {...notBlank}
            aria-describedby="contact-name-error"
          />,
        )}
        {field(
          'contact-email',
          'Email',
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-describedby="contact-email-error"
          />,
        )}
        {field(
          'contact-subject',
          'Subject',
          <input
            id="contact-subject"
            name="subject"
            type="text"
            required
            {...notBlank}
            aria-describedby="contact-subject-error"
          />,
        )}
        {field(
          'contact-message',
          'Message',
          <textarea id="contact-message" name="message" rows={6} required aria-describedby="contact-message-error" />,
        )}
        <p className="form-note">* Required fields</p>
        {mode !== 'mailto' ? null : (
          <p className="form-note">
            Sending opens your email app with your message addressed to {site.emails.general}.
          </p>
        )}
        <button type="submit" className="btn btn-primary">
          Send Message
        </button>
      </form>
    </section>
  );
}
