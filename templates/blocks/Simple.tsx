import type { BlockOf } from 'pa-site';
import { SmartLink, Actions } from '../components/Links.js';
import { formatPartialDate } from '../lib/dates.js';

export function Stats({ block }: { block: BlockOf<'stats'> }) {
  return (
    <section className="stats" aria-label={block.heading ?? 'Key figures'}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      <dl className="stats-grid">
        {block.items.map((s) => (
          <div key={s.label} className="stat">
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Steps({ block }: { block: BlockOf<'steps'> }) {
  return (
    <section className="steps" aria-label={block.heading ?? 'Steps'}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ol className="steps-list">
        {block.items.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Trust({ block }: { block: BlockOf<'trust'> }) {
  return (
    <section className="trust" aria-label={block.heading ?? 'Why readers trust us'}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ul className="trust-list">
        {block.items.map((t) => (
          <li key={t.title}>
            <span className="trust-check" aria-hidden="true">
              ✓
            </span>
            <strong>{t.title}</strong>
            <span>{t.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Cards({ block }: { block: BlockOf<'cards'> }) {
  const Heading = block.heading ? 'h3' : 'h2';
  return (
    <section className={`cards cards-${block.tone} cards-n${block.items.length}`}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p className="cards-intro">{block.intro}</p> : null}
      <ul className="cards-grid">
        {block.items.map((c) => (
          <li key={c.title} className="card">
            <Heading className="card-title">{c.title}</Heading>
            {c.text ? <p>{c.text}</p> : null}
            {c.points?.length ? (
              <ul className="card-points">
                {c.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
            {c.href ? (
              <SmartLink className="card-link" href={c.href}>
                {c.linkLabel ?? 'Learn more'}
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Timeline({ block }: { block: BlockOf<'timeline'> }) {
  return (
    <section className="timeline" aria-label={block.heading ?? 'Timeline'}>
      {block.heading ? <h2>{block.heading}</h2> : null}
      <ol className="timeline-list">
        {block.items.map((t) => (
          <li key={t.date + t.title}>
            <time dateTime={t.date}>{formatPartialDate(t.date)}</time>
            <h3>{t.title}</h3>
            <p>{t.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Alert({ block }: { block: BlockOf<'alert'> }) {
  return (
    <div className={`alert alert-${block.tone}`} role="note">
      <p className="alert-title">{block.title}</p>
      <p>{block.text}</p>
    </div>
  );
}

export function Cta({ block }: { block: BlockOf<'cta'> }) {
  return (
    <section className="cta-band">
      <h2>{block.heading}</h2>
      {block.text ? <p>{block.text}</p> : null}
      <Actions actions={block.actions} />
    </section>
  );
}
