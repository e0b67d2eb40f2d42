import type { ReactNode } from 'react';
import type { BlockOf, SiteConfig } from 'pa-site';
import { Cite } from '../../components/Sources.js';
import { regulatorName } from '../../lib/pack.js';

/**
 * The pieces every tool is made of: a field with its unit, hint and the message slot beside it (the
 * tool's script fills it), a live result region, and the frame that says what the tool is.
 */

/** What every field of a tool has around its control: the label, an optional hint, the modes it is used by. */
function FieldShell(props: { id: string; label: ReactNode; hint?: ReactNode; uses?: string; children: ReactNode }) {
  return (
    <div className="field tool-field" data-uses={props.uses}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint ? (
        <p className="tool-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.children}
    </div>
  );
}

export function Field(props: {
  tool: string;
  name: string;
  label: string;
  unit?: string;
  hint?: ReactNode;
  value?: string;
  placeholder?: string;
  /** Offer types (or other modes) the field is used by: the script hides it for the others. */
  uses?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const id = `${props.tool}-${props.name}`;
  const described = [props.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const label = (
    <>
      {props.label}
      {props.unit ? <span className="tool-unit"> ({props.unit})</span> : null}
    </>
  );
  return (
    <FieldShell id={id} label={label} hint={props.hint} uses={props.uses}>
      <input
        id={id}
        name={props.name}
        type="text"
        inputMode={props.inputMode ?? 'decimal'}
        autoComplete="off"
        defaultValue={props.value}
        placeholder={props.placeholder}
        aria-describedby={described}
        data-field={props.name}
      />
      <p className="field-error" id={`${id}-error`} hidden />
    </FieldShell>
  );
}

export function Select(props: {
  tool: string;
  name: string;
  label: string;
  options: readonly { id: string | number; label: string }[];
  value?: string | number;
  hint?: string;
  uses?: string;
}) {
  const id = `${props.tool}-${props.name}`;
  return (
    <FieldShell id={id} label={props.label} hint={props.hint} uses={props.uses}>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value === undefined ? undefined : String(props.value)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        data-field={props.name}
      >
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Where the answer appears, announced to screen readers as it changes. */
export function Result({ tool, name = 'result', children }: { tool: string; name?: string; children?: ReactNode }) {
  return (
    <div className="tool-result" id={`${tool}-${name}`} aria-live="polite" aria-atomic="true" data-result={name}>
      {children}
    </div>
  );
}

/**
 * A tool: its heading (the block's own, else the tool's), what it is (an estimate, not advice, computed on
 * this device), the worked example that reads without JavaScript, the form the script reveals and runs,
 * and the help every money tool routes to.
 */
export function ToolFrame(props: {
  tool: string;
  block: BlockOf<'tool'>;
  site: SiteConfig;
  /** The heading when the block gives none. */
  heading: string;
  what: string;
  example: ReactNode;
  children: ReactNode;
  /** `data-` attributes the tool's script reads (the tax tool's jurisdiction and rates). */
  data?: Record<`data-${string}`, string>;
}) {
  const headingId = `${props.tool}-heading`;
  const heading = props.block.heading ?? props.heading;
  return (
    <section className="tool" data-tool={props.tool} {...props.data} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {props.block.intro ? <p>{props.block.intro}</p> : null}
      <p className="tool-what">{props.what} It runs on your device: nothing you enter is stored or sent anywhere.</p>
      <div className="tool-example">{props.example}</div>
      <form className="tool-form" data-form={props.tool} hidden noValidate aria-label={heading}>
        {props.children}
        <p>
          <button type="submit" className="btn btn-primary">
            Work it out
          </button>
        </p>
      </form>
      <p className="tool-nojs" data-nojs>
        With JavaScript on, this page works the numbers out for you as you type.
      </p>
      <ToolHelp site={props.site} />
    </section>
  );
}

/** Help that every money tool and every self-check result routes to (the site's pack: help line, self-exclusion). */
export function ToolHelp({ site, heading = 'If betting stops being fun' }: { site: SiteConfig; heading?: string }) {
  const periods = site.facts.selfExclusionPeriods;
  const { helpline } = site;
  const exclusion = site.compliance?.selfExclusion;
  const regulator = regulatorName(site);
  return (
    <aside className="tool-help" aria-label="Help with gambling">
      <Cite refs={[helpline?.source, periods?.source]} />
      <h3>{heading}</h3>
      <ul>
        {helpline ? (
          <li>
            Call{' '}
            <a className="help-line" href={`tel:${helpline.tel}`}>
              {helpline.display}
            </a>{' '}
            ({helpline.numeric}): free, confidential help at any hour
            {helpline.organisation ? ` from the ${helpline.organisation}` : ''}.
          </li>
        ) : null}
        {exclusion?.url ? (
          <li>
            Self-exclude{regulator ? ` with the ${regulator}` : ''} at{' '}
            <a href={exclusion.url} target="_blank" rel="noopener noreferrer">
              {exclusion.name}
            </a>
            : one enrollment covers every licensed online sportsbook and casino
            {periods ? ` for ${periods.value}` : ''}.
          </li>
        ) : null}
        <li>
          Set deposit, time and wager limits or a cool-off in your account&apos;s responsible gaming settings: every
          licensed operator offers them. <a href={helpline?.page ?? '/responsible-gambling'}>How to use them</a>.
        </li>
      </ul>
    </aside>
  );
}
