'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useLayoutEffect } from 'react';
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
}: {
  input: HTMLInputElement;
  form: HTMLFormElement;
  status: HTMLElement;
  onSubmitted?: () => void;
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
