'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { countValues } from '@/lib/i18n/format-count';
import { SearchPopup } from './search-popup';
import { useSearchCombobox } from './use-search-combobox';

/**
 * The search bar's combobox (useSearchCombobox), loaded when the bar is first pointed at or
 * focused: it drives the bar's input and form, draws the popup, and speaks through the bar's
 * status line.
 */
export default function SearchCombobox({
  input,
  form,
  status,
  onSubmitted,
  pendingKeys,
}: {
  input: HTMLInputElement;
  form: HTMLFormElement;
  status: HTMLElement;
  onSubmitted?: () => void;
  /** Arrow keys the bar held while this loaded, replayed in order once it listens. */
  pendingKeys?: RefObject<string[]>;
}) {
  const t = useTranslations('SearchBar');
  const locale = useLocale();
  const combobox = useSearchCombobox({ input, form, onSubmitted });
  const { notice, typing } = combobox;
  const noticeText =
    notice === 'loading'
      ? t('loading')
      : notice === 'failed'
        ? t('suggestionsError')
        : notice === 'empty'
          ? t('noSuggestions')
          : '';

  useLayoutEffect(() => {
    // Marks the bar as driven by this code (tests wait for it).
    form.setAttribute('data-combobox', 'ready');
    return () => form.removeAttribute('data-combobox');
  }, [form]);

  useEffect(() => {
    const keys = pendingKeys?.current.splice(0) ?? [];
    let timer = 0;
    // One key per task: each is handled with the list as the previous one left it.
    const next = () => {
      const key = keys.shift();
      if (!key) return;
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      timer = window.setTimeout(next, 0);
    };
    timer = window.setTimeout(next, 0);
    return () => window.clearTimeout(timer);
  }, [input, pendingKeys]);

  return (
    <>
      {createPortal(
        combobox.open && typing
          ? noticeText || t('suggestionCount', countValues(combobox.suggestions.items.length, locale))
          : '',
        status,
      )}
      {combobox.popupShown && <SearchPopup combobox={combobox} noticeText={noticeText} />}
    </>
  );
}
