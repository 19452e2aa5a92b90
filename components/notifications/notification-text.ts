import type { useTranslations } from 'next-intl';
import type { AppNotification, SeasonNoticeReason } from '@/lib/stores/notifications-store';

type T = ReturnType<typeof useTranslations<'Notifications'>>;

/**
 * Title and message in the current language for the known types (SPEC §6 texts), so switching
 * language re-renders old notifications too; the stored text is the fallback.
 */
export function notificationText(notification: AppNotification, t: T): { title: string; message: string } {
  const anime = notification.data.animeTitle;
  if (!anime) return { title: notification.title, message: notification.message };
  switch (notification.type) {
    case 'loginRequired':
      return { title: t('loginRequiredTitle'), message: t('loginRequiredMessage', { anime }) };
    case 'adultContentBlocked':
      return { title: t('blockedTitle'), message: t('blockedMessage', { anime }) };
    case 'seasonRelease':
      return seasonNoticeText(notification.data.reason ?? 'season', anime, t);
    case 'newEpisode':
      return newEpisodeText(anime, notification.data.episode, t);
  }
}

export function seasonNoticeText(reason: SeasonNoticeReason, anime: string, t: T): { title: string; message: string } {
  switch (reason) {
    case 'watching':
      return { title: t('watchingTitle'), message: t('watchingMessage', { anime }) };
    case 'favorite':
      return { title: t('favoriteTitle'), message: t('favoriteMessage', { anime }) };
    case 'season':
      return { title: t('seasonTitle'), message: t('seasonMessage', { anime }) };
  }
}

/** "Episódio novo de …", with the episode's number when it is known. */
export function newEpisodeText(anime: string, episode: number | undefined, t: T): { title: string; message: string } {
  return { title: t('newEpisodeTitle', { anime }), message: t('newEpisodeMessage', { anime, episode: episode === undefined ? 'none' : String(episode) }) };
}
