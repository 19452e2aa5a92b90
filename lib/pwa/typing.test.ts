// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { isVisitorTyping, trackTypedFields } from './typing';

afterEach(() => {
  document.body.innerHTML = '';
});

function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('isVisitorTyping', () => {
  it('is false on a page where nothing takes text or holds typed text', () => {
    document.body.innerHTML = '<button>ok</button><input type="checkbox">';
    (document.querySelector('button') as HTMLButtonElement).focus();
    expect(isVisitorTyping(document, [])).toBe(false);
  });

  it('is true while a text field, a textarea or an editable element has the focus', () => {
    document.body.innerHTML = '<input type="text"><textarea></textarea><div contenteditable="true"></div>';
    for (const selector of ['input', 'textarea']) {
      (document.querySelector(selector) as HTMLElement).focus();
      expect(isVisitorTyping(document, []), selector).toBe(true);
    }
    (document.activeElement as HTMLElement).blur();
    expect(isVisitorTyping(document, [])).toBe(false);
  });

  it('is true while a field the visitor typed into still holds the text, focused or not', () => {
    document.body.innerHTML = '<textarea></textarea><button>x</button>';
    const tracker = trackTypedFields(document);
    const textarea = document.querySelector('textarea')!;
    textarea.focus();
    type(textarea, 'Uma opinião ainda não salva');
    (document.querySelector('button') as HTMLButtonElement).focus();
    expect(isVisitorTyping(document, tracker.fields)).toBe(true);
    type(textarea, '   ');
    expect(isVisitorTyping(document, tracker.fields)).toBe(false);
    tracker.stop();
  });

  it('lets a search box that keeps its query, once left, not hold the reload', () => {
    document.body.innerHTML = '<input type="search"><button>x</button>';
    const tracker = trackTypedFields(document);
    type(document.querySelector('input')!, 'naruto');
    (document.querySelector('button') as HTMLButtonElement).focus();
    expect(isVisitorTyping(document, tracker.fields)).toBe(false);
    tracker.stop();
  });

  it('forgets a field that left the page', () => {
    document.body.innerHTML = '<textarea></textarea>';
    const tracker = trackTypedFields(document);
    const textarea = document.querySelector('textarea')!;
    type(textarea, 'texto');
    textarea.remove();
    expect(isVisitorTyping(document, tracker.fields)).toBe(false);
    tracker.stop();
  });
});
