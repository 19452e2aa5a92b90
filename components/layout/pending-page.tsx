import { getTranslations } from 'next-intl/server';

/**
 * A route whose feature is still being built (its issue is open): the real title and a skeleton of
 * the layout to come, and a sentence saying so. No fake data.
 */
export async function PendingPage({ title, grid = true }: { title: string; grid?: boolean }) {
  const t = await getTranslations('Placeholder');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-8 text-muted">{t('pending')}</p>
      {grid ? (
        <div aria-hidden className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="flex flex-col gap-2">
              <div className="skeleton aspect-[2/3] w-full rounded-md" />
              <div className="skeleton h-4 w-3/4 rounded-sm" />
            </div>
          ))}
        </div>
      ) : (
        <div aria-hidden className="flex flex-col gap-3">
          <div className="skeleton h-10 w-full rounded-md" />
          <div className="skeleton h-40 w-full rounded-md" />
        </div>
      )}
    </div>
  );
}
