/**
 * YAML syntax errors in plain words: what the line does that YAML cannot read, and how to write it,
 * instead of the parser's terms ("Nested mappings are not allowed in compact mappings").
 */

export interface PlainYamlError {
  message: string;
  hint: string;
}

/** `key: value: more` → `key: "value: more"`, the fix for a colon inside a value; undefined if not that shape. */
function quotedExample(line: string): string | undefined {
  const m = /^(\s*(?:- )?[^\s:#"'][^:#]*?):\s+(.*\S)\s*$/.exec(line);
  if (!m || !/:\s/.test(m[2]!) || /^["'[{|>]/.test(m[2]!)) return undefined;
  return `${m[1]!.trim()}: "${m[2]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The plain-words message for a `yaml` package error `code` on `line` (the text of the line it
 * points at). The parser's own words are kept, in parentheses, only for errors too rare to explain.
 */
export function plainYamlError(code: string, parserMessage: string, line: string): PlainYamlError {
  const quote = 'put the whole value in quotation marks';
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const example = quotedExample(line);
      if (example || /:\s/.test(line.replace(/^[^:]*:\s/, '')))
        return {
          message: 'a value contains ": " (a colon and a space), which YAML reads as the start of another key',
          hint: example ? `${quote}: ${example}` : quote,
        };
      return {
        message: 'a key and its value must be on one line, and a value that goes on must be indented under its key',
        hint: 'indent the value’s continuation lines further than the key, or put the value in quotation marks',
      };
    }
    case 'DUPLICATE_KEY':
      return { message: 'this key appears twice at the same level', hint: 'keep one of them and remove the other' };
    case 'TAB_AS_INDENT':
      return { message: 'this line is indented with a tab', hint: 'indent with spaces only' };
    case 'BAD_INDENT':
      return {
        message: 'this line is not lined up with the lines of its list or group',
        hint: 'start every "- " item of a list, and every key of a group, at the same column',
      };
    case 'MISSING_CHAR':
      if (/quote/i.test(parserMessage))
        return {
          message: 'a quotation mark is opened but not closed',
          hint: 'close the quote at the end of the value',
        };
      if (/Sequence item without/.test(parserMessage))
        return { message: 'a list item is missing its "- "', hint: 'start each item of the list with "- "' };
      if (/Implicit map keys need to be followed/.test(parserMessage))
        return { message: 'a key has no ": " after it', hint: 'write "key: value", with a colon and a space' };
      break;
    case 'BAD_SCALAR_START':
      return {
        message: `a value cannot start with ${parserMessage.replace(/^Plain value cannot start with /, '')}`,
        hint: quote,
      };
    // The parser's own words for these name its API ("use YAML.parseAllDocuments()") or its stack.
    case 'MULTIPLE_DOCS':
      return {
        message: 'a "---" line starts a second document; a content file holds one',
        hint: 'remove the "---" line (or everything after it), or quote it if it is part of a value',
      };
    case 'RESOURCE_EXHAUSTION':
      return {
        message: 'the values here nest too deeply for pa-site to read',
        hint: 'write the value with fewer levels of nested [ ] or { } brackets',
      };
    case 'BAD_DQ_ESCAPE':
      return {
        message: 'a backslash in double quotation marks starts an escape that YAML does not know',
        hint: 'write \\\\ for a backslash, or use single quotation marks',
      };
  }
  return {
    message: `YAML cannot read this line (the parser says: ${parserMessage})`,
    hint: 'check indentation, quoting and that every key is followed by ": "',
  };
}
