/**
 * `mailto:` links (RFC 6068), parsed as a mail program would: the addresses before `?` and in
 * `to`, `cc` and `bcc`, each `local@domain` with a domain that a mail server could have. No mail is
 * sent and no server asked: only what is written can be wrong.
 */

export interface MailtoProblem {
  /** The address or part that is wrong, as decoded. */
  part: string;
  why: string;
}

/** `local@domain`: a local part of printable characters (a quoted one allowed) and a host name with a dot. */
const LOCAL = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[^"\\\r\n]|\\.)*")$/u;
const LABEL = /^(?!-)[A-Za-z0-9\u00a1-\uffff-]{1,63}(?<!-)$/u;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

function addressProblem(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at === -1) return 'has no @';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!local) return 'has nothing before the @';
  if (local.length > 64) return 'has a part before the @ longer than 64 characters';
  if (!LOCAL.test(local)) return `has characters an address cannot hold before the @ ("${local}")`;
  if (!domain) return 'has no domain after the @';
  if (/^\[.*\]$/.test(domain)) return null; // an address literal: [192.0.2.1]
  const labels = domain.split('.');
  if (labels.length < 2) return `has a domain without a dot ("${domain}")`;
  if (!labels.every((l) => LABEL.test(l))) return `has a domain that is not a host name ("${domain}")`;
  return null;
}

/** What is wrong with a `mailto:` URL, one problem per bad address; [] when it is fine. */
export function mailtoProblems(href: string): MailtoProblem[] {
  const body = href.trim().replace(/^mailto:/i, '');
  const q = body.indexOf('?');
  const to = q === -1 ? body : body.slice(0, q);
  const addresses: string[] = [];
  const problems: MailtoProblem[] = [];
  const split = (list: string) => {
    const text = decode(list);
    if (text === null) {
      problems.push({ part: list, why: 'has a broken %-escape' });
      return;
    }
    for (const a of text.split(',')) if (a.trim()) addresses.push(a.trim());
  };
  if (to) split(to);
  if (q !== -1) {
    for (const pair of body.slice(q + 1).split('&')) {
      const eq = pair.indexOf('=');
      const name = (eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
      if (name === 'to' || name === 'cc' || name === 'bcc') split(eq === -1 ? '' : pair.slice(eq + 1));
    }
  }
  // `mailto:?subject=…` lets the reader choose the address: nothing to check.
  for (const a of addresses) {
    const why = addressProblem(a);
    if (why) problems.push({ part: a, why });
  }
  return problems;
}
