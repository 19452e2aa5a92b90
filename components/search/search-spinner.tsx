import { LoaderCircle } from 'lucide';
import { useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';

/** SPEC §2: the search's loading state, 'Carregando animes...'. */
export function SearchSpinner() {
  const t = useTranslations('SearchPage');
  return (
    <div role="status" className="flex min-h-60 flex-col items-center justify-center gap-3 text-muted">
      <Glyph
        icon={LoaderCircle}
        aria-hidden
        className="size-8 animate-spin text-accent-text motion-reduce:animate-none"
      />
      <p className="text-sm">{t('loading')}</p>
    </div>
  );
}
