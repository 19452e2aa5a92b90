/**
 * Whether the visitor is writing something a reload would lose: the update of the app
 * (components/pwa/pwa-client.tsx) never reloads the page while this holds.
 *
 * - a field that takes text has the focus (an input of a text kind, a textarea, an editable
 *   element), or
 * - a field the visitor typed into still holds text and is not a search box (a search is in the
 *   address; an opinion, a note, a name is not).
 */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'password', '']);

function takesText(element: Element | null): element is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(element.type) && !element.readOnly && !element.disabled;
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

function holdsUnsavedText(element: Element): boolean {
  if (!element.isConnected) return false;
  if (element instanceof HTMLInputElement) return element.type !== 'search' && element.value.trim() !== '';
  if (element instanceof HTMLTextAreaElement) return element.value.trim() !== '';
  return (
    element instanceof HTMLElement && element.isContentEditable && (element.textContent ?? '').trim() !== ''
  );
}

export function isVisitorTyping(doc: Document, typedInto: Iterable<Element>): boolean {
  if (takesText(doc.activeElement)) return true;
  for (const element of typedInto) if (holdsUnsavedText(element)) return true;
  return false;
}

/** Fields the visitor typed into since the page loaded (the `input` events' targets). */
export function trackTypedFields(doc: Document): { fields: Set<Element>; stop: () => void } {
  const fields = new Set<Element>();
  const onInput = (event: Event) => {
    if (event.target instanceof Element && takesText(event.target)) fields.add(event.target);
  };
  doc.addEventListener('input', onInput, true);
  return { fields, stop: () => doc.removeEventListener('input', onInput, true) };
}
