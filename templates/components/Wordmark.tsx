import type { Operator } from 'pa-site';

/** Relative luminance of a #rrggbb color (WCAG 2 formula). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White text on dark brand colors, near-black on light ones: whichever contrasts more. */
export const inkOn = (hex: string) =>
  (luminance(hex) + 0.05) / 0.05 >= 1.05 / (luminance(hex) + 0.05) ? '#111' : '#fff';

/** The brand word of a short name: "BetMGM Casino" → "BetMGM" (the kind is the second line). */
export const brandWord = (o: Operator) => o.shortName.replace(/\s+(casino|sportsbook)$/i, '');

/**
 * An operator's mark: its licensed logo file when `logo` is set (a file in content/public), else a
 * plain wordmark drawn from its data: the brand word in its brand color's panel, the kind below.
 * Set in the system font, it makes no attempt to imitate the operator's trademark.
 */
export function Wordmark({ operator, height = 48 }: { operator: Operator; height?: number }) {
  const o = operator;
  const word = brandWord(o);
  const kicker = o.kind === 'casino' ? 'CASINO' : 'SPORTSBOOK';
  // About 11.5 units a letter for the 19-unit bold word, 7.4 for the spaced 8.5-unit kicker.
  const width = Math.round(Math.max(96, 28 + word.length * 11.5, 28 + kicker.length * 7.4));
  const scaled = Math.round((width * height) / 48);
  if (o.logo)
    return <img className="op-logo" src={`/${o.logo}`} alt="" width={scaled} height={height} decoding="async" />;
  const ink = inkOn(o.brandColor);
  return (
    <svg
      className="op-logo op-wordmark"
      width={scaled}
      height={height}
      viewBox={`0 0 ${width} 48`}
      aria-hidden="true"
      focusable="false"
    >
      <rect width={width} height="48" rx="10" fill={o.brandColor} />
      <text
        x="14"
        y="26"
        textLength={width - 28}
        lengthAdjust="spacingAndGlyphs"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="19"
        fontWeight="800"
        fill={ink}
      >
        {word}
      </text>
      <text
        x="14"
        y="39.5"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="8.5"
        fontWeight="700"
        letterSpacing="1.6"
        fill={ink}
        fillOpacity="0.82"
      >
        {kicker}
      </text>
    </svg>
  );
}
