import { getTranslations } from 'next-intl/server';

/** The detail page's shape while it loads (DESIGN.md: skeletons mirror the final layout). */
export async function DetailSkeleton() {
  const t = await getTranslations('Detail');
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="pb-12" data-testid="detail-skeleton">
      <span className="sr-only">{t('loading')}</span>
      <div aria-hidden>
        <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
          <div className="skeleton h-11 w-24 rounded-md" />
        </div>
        <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:flex-row sm:gap-8 sm:px-6">
          <div className="skeleton aspect-[2/3] w-36 shrink-0 rounded-md sm:w-56" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="skeleton h-8 w-3/4 rounded-sm sm:h-9" />
            <div className="skeleton h-5 w-1/3 rounded-sm" />
            <div className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
              {Array.from({ length: 4 }, (_, index) => (
                <div key={index} className="flex flex-col gap-1">
                  <div className="skeleton h-3 w-16 rounded-sm" />
                  <div className="skeleton h-5 w-20 rounded-sm" />
                </div>
              ))}
            </div>
          </div>
        </div>
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex flex-col gap-3">
            <div className="skeleton h-7 w-32 rounded-sm" />
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="skeleton h-4 w-full rounded-sm" />
            ))}
          </div>
          <div className="flex flex-col gap-3">
            <div className="skeleton h-40 w-full rounded-md" />
          </div>
        </div>
      </div>
    </div>
  );
}
