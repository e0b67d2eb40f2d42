export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * An accordion of <details> elements sharing one `name`: the browser keeps at most one open
 * and lets an open one collapse, with or without JavaScript.
 */
export function Faq({ id, heading, items }: { id: string; heading: string; items: readonly FaqItem[] }) {
  return (
    <section className="faq" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div className="faq-list">
        {items.map((item) => (
          <details key={item.question} className="faq-item" name={`${id}-accordion`}>
            <summary>{item.question}</summary>
            <div className="faq-answer">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
