import { CalendarClock, Heart, Loader2, Sparkles } from 'lucide';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { AuthBootstrap, LibrarySync } from '@/components/auth/session';
import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { SearchBar } from '@/components/search/search-bar';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { buttonClass } from '@/components/ui/button';
import { bellIcon, chevronDownIcon, menuIcons, searchIcons, themeIcons } from '@/components/ui/control-icons';
import { routes } from '@/lib/routes';
import { LazyHeaderAccount } from './lazy-header-account';
import { ListsMenu } from './lists-menu';
import { MobileMenu } from './mobile-menu';

/**
 * Site header (SPEC §2 Header). From 1024 px everything is inline: the brand, the navigation and
 * the controls keep their size, and the search takes the rest (at least 160 px: below 1280 px the
 * brand shows its mark only and the sign-in button its icon, below 1536 px the access badge its
 * icon, and a narrow search bar submits from its magnifier; the placeholders drawn while the
 * session is checked are as narrow as what replaces them, so the search keeps its width then
 * too). From 768 px the search is inline and the rest is in the menu; phones get the menu.
 */
export async function Header() {
  const t = await getTranslations('Header');
  const navLink =
    'inline-flex min-h-11 items-center rounded-md px-2 text-sm xl:px-3 font-medium text-fg hover:bg-surface-2';
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        {/* On a phone the brand yields before the buttons do: with the system font (a first visit,
            lib/fonts/font-ready.ts) or on a 320 px screen, its name shortens instead of widening the
            page. From lg on it keeps no margin of its own: with a wide system font (DejaVu Sans) the
            row at 1280 px has no other pixel to spare. */}
        <Link
          href={routes.home}
          className="mr-2 inline-flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base font-bold text-fg sm:shrink-0 sm:text-lg lg:mr-0"
        >
          <Glyph icon={Sparkles} aria-hidden className="size-6 shrink-0 text-accent-text" />
          <span className="truncate lg:max-xl:sr-only">{t('brand')}</span>
        </Link>
        <nav aria-label={t('mainNav')} className="hidden shrink-0 items-center gap-1 lg:flex">
          <Link href={routes.explore} className={navLink}>
            {t('explore')}
          </Link>
          <ListsMenu chevron={chevronDownIcon()} />
          {/* Pages whose content lives in the browser (settings, 'Para você') are not prefetched:
              their frame is a round trip on the tap, not a download on every page view. */}
          <Link href={routes.settings} prefetch={false} className={navLink}>
            {t('settings')}
          </Link>
        </nav>
        <div className="ml-auto hidden max-w-md min-w-0 flex-1 md:block lg:min-w-40">
          <SearchBar icons={searchIcons()} />
        </div>
        {/* One set of controls for every width (each rendered once, so hydrated once): the
            desktop-only ones in their own group, the phone menu hidden from lg up. */}
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-2">
          <div className="hidden items-center gap-1 lg:flex">
            <LazyHeaderAccount fallback={<AccountChecking />} />
            <LanguageSwitcher />
            {/* An icon: the text nav has no room left at lg widths. Phones reach it from the menu. */}
            <Link
              href={routes.forYou}
              prefetch={false}
              aria-label={t('forYou')}
              title={t('forYou')}
              className={buttonClass('ghost', 'icon')}
            >
              <Glyph icon={Heart} aria-hidden className="size-5" />
            </Link>
            {/* Not prefetched: the week is a Jikan-backed page (up to 7 calls on a cold cache), and
                every page shows this link. A tap fetches it; without JavaScript it is a plain link. */}
            <Link
              href={routes.schedule}
              prefetch={false}
              aria-label={t('schedule')}
              title={t('schedule')}
              className={buttonClass('ghost', 'icon')}
            >
              <Glyph icon={CalendarClock} aria-hidden className="size-5" />
            </Link>
          </div>
          <NotificationBell icon={bellIcon()} />
          <ThemeToggle>{themeIcons()}</ThemeToggle>
          <MobileMenu icons={menuIcons()} />
        </div>
      </div>
      <AuthBootstrap />
      <LibrarySync />
    </header>
  );
}

/**
 * The access badge and the sign-in area as they look while the session is checked (AccessBadge's
 * 'checking', UserMenu's placeholder), drawn by the server until their code has loaded.
 */
async function AccountChecking() {
  const t = await getTranslations('AccessBadge');
  return (
    <>
      <span className="group relative inline-flex">
        <button
          type="button"
          data-testid="access-badge"
          data-state="checking"
          aria-describedby="access-badge-checking"
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-xs font-medium text-muted"
        >
          <Glyph
            icon={Loader2}
            aria-hidden
            className="size-4 animate-spin text-muted motion-reduce:animate-none"
          />
          <span className="sr-only">{t('label')}: </span>
          <span className="sr-only 2xl:not-sr-only">{t('checking')}</span>
        </button>
        <span
          id="access-badge-checking"
          role="tooltip"
          className="pointer-events-none invisible absolute top-full right-0 z-50 mt-2 w-max max-w-64 rounded-md bg-fg px-3 py-2 text-xs text-bg opacity-0 shadow-md transition-opacity duration-150 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {t('checking')}
        </span>
      </span>
      <span
        aria-hidden
        data-testid="user-menu-loading"
        className="inline-block h-9 w-9 animate-pulse rounded-md bg-surface-2 motion-reduce:animate-none xl:w-28"
      />
    </>
  );
}
