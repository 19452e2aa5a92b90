import { getTranslations } from 'next-intl/server';

export async function SkipLink() {
  const t = await getTranslations('Header');
  return (
    <a
      href="#main-content"
      className="sr-only z-[60] rounded-md bg-accent px-4 py-3 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent')}
    </a>
  );
}
