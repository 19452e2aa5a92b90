import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { ListingMessage } from '@/components/anime/listing-states';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';

/** SPEC §2: 'Nenhum anime encontrado', three tips, and a way out to Explore. */
export function SearchEmpty() {
  const t = useTranslations('SearchPage');
  return (
    <ListingMessage
      tone="empty"
      title={t('empty')}
      action={
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {t('exploreLink')}
        </Link>
      }
    >
      <div className="text-left text-sm text-muted">
        <p className="font-medium text-fg">{t('emptyTipsTitle')}</p>
        <ul className="mt-1 list-disc pl-5">
          <li>{t('tipSpelling')}</li>
          <li>{t('tipBroader')}</li>
          <li>{t('tipSynonyms')}</li>
        </ul>
      </div>
    </ListingMessage>
  );
}
