import { LoaderCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';

/** SPEC §2: the search's loading state, 'Carregando animes...'. */
export function SearchSpinner() {
  const t = useTranslations('SearchPage');
  return (
    <div role="status" className="flex min-h-60 flex-col items-center justify-center gap-3 text-muted">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-accent-text motion-reduce:animate-none" />
      <p className="text-sm">{t('loading')}</p>
    </div>
  );
}
