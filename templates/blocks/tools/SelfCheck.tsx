import type { BlockOf, SiteConfig } from 'pa-site';
import { PGSI_ANSWERS, PGSI_BANDS, PGSI_QUESTIONS, PGSI_SOURCE } from '../../lib/pgsi.js';
import { Cite } from '../../components/Sources.js';
import { Result, ToolHelp } from './parts.js';

const T = 'selfcheck';

/**
 * The nine PGSI questions as radio groups: with JavaScript off the reader scores them by hand from the
 * table below them; with it on the score shows once all nine are answered. Whatever the score, the
 * help beside it is the same.
 */
export function SelfCheck({ block, site }: { block: BlockOf<'tool'>; site: SiteConfig }) {
  return (
    <section className="tool tool-selfcheck" data-tool={T} aria-labelledby={`${T}-heading`}>
      <Cite refs={[PGSI_SOURCE]} />
      <h2 id={`${T}-heading`}>{block.heading ?? 'A Private Gambling Self-Check'}</h2>
      {block.intro ? <p>{block.intro}</p> : null}
      <p className="tool-what">
        These are the nine questions of the Problem Gambling Severity Index (PGSI), a published screen from the Canadian
        Problem Gambling Index (Ferris and Wynne, 2001). It is a self-check, not a diagnosis. Your answers stay on your
        device: nothing is stored or sent, and closing the page clears them.
      </p>
      <div className="tool-form selfcheck-form" data-form={T}>
        <p>Thinking about the last 12 months…</p>
        <ol className="selfcheck-questions">
          {PGSI_QUESTIONS.map((q, i) => (
            <li key={q}>
              <fieldset>
                <legend>{q}</legend>
                <div className="selfcheck-answers">
                  {PGSI_ANSWERS.map((a) => (
                    <label key={a.score}>
                      <input type="radio" name={`q${i + 1}`} value={a.score} data-question={i} />
                      {a.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      </div>
      <h3>How the score works</h3>
      <p>
        Each answer scores {PGSI_ANSWERS.map((a) => `${a.label.toLowerCase()} ${a.score}`).join(', ')}; add the nine
        together (0 to 27).
      </p>
      <ul className="selfcheck-bands">
        {PGSI_BANDS.map((b) => (
          <li key={b.min}>
            <strong>
              {b.min === b.max ? b.min : b.max === 27 ? `${b.min} or more` : `${b.min} to ${b.max}`}: {b.title}.
            </strong>{' '}
            {b.text}
          </li>
        ))}
      </ul>
      <div className="selfcheck-result">
        <Result tool={T}>
          <p data-nojs>With JavaScript on, your score appears here once you answer all nine questions.</p>
        </Result>
        <ToolHelp site={site} heading="Help is there whatever your score" />
      </div>
    </section>
  );
}
