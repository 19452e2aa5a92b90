/**
 * A JSON body's nesting, measured before it is parsed. JSON.parse of a document nested a million
 * levels deep (2 MB of brackets) holds the event loop for hundreds of milliseconds before it
 * fails; one linear pass over the text, stopping at the first bracket too deep, costs a few.
 */

/** Deeper than any body the app's protocols send (the library push nests five levels). */
export const MAX_JSON_DEPTH = 16;

/** Whether `text` opens more than `max` arrays or objects inside each other (strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
