import 'server-only';
import { getTranslations } from 'next-intl/server';
import { ImageResponse } from 'next/og';
import { drawable, OG_FRAME, OG_SIZE } from '@/components/detail/og-image';
import type { Locale } from '@/lib/i18n/config';
import { countValues } from '@/lib/i18n/format-count';
import type { PublicProfile } from '@/lib/profile/view';

/** The Open Graph card of /u/{handle}: "Perfil de {nome} no Anime Master" and what is public of it. */
export async function renderProfileOgImage(profile: PublicProfile, locale: Locale): Promise<ImageResponse> {
  const t = await getTranslations({ locale, namespace: 'Profile' });
  const name = drawable(profile.name) || profile.handle;
  const title = t('ogTitle', { name });
  const number = new Intl.NumberFormat(locale === 'en' ? 'en' : 'pt-BR', { maximumFractionDigits: 2 });
  const stats = profile.stats;
  return new ImageResponse(
    <div style={OG_FRAME}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 28, flex: 1 }}>
        <div style={{ fontSize: 30, color: '#a5b4fc', letterSpacing: 2 }}>ANIME MASTER</div>
        <div style={{ fontSize: title.length > 40 ? 60 : 76, lineHeight: 1.1 }}>{title}</div>
        {stats && (
          <div style={{ display: 'flex', gap: 48, fontSize: 36, color: '#fbbf24' }}>
            <div>{t('ogRated', countValues(stats.rated, locale))}</div>
            {stats.mean !== null && <div>{t('meanValue', { mean: number.format(stats.mean) })}</div>}
          </div>
        )}
      </div>
    </div>,
    { ...OG_SIZE },
  );
}
