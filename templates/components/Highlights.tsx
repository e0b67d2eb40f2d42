/**
 * An operator card's feature list. On phones it folds into a <details> so the card stays short
 * while the offer and its key terms stay in view; from 760 px the CSS shows it open (the site
 * script opens it too, for browsers without ::details-content).
 */
export function Highlights({ items }: { items: readonly string[] }) {
  return (
    <details className="op-more" data-open-from="760">
      <summary className="op-more-summary">Highlights ({items.length})</summary>
      <ul className="op-features">
        {items.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </details>
  );
}
