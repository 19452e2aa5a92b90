import { forwardRef } from 'react';
import { REVIEW_CARD_WIDTH } from '@/lib/share/review-image';

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z';

/**
 * The review card captured into the PNG (SPEC §5, §9): 400 px wide, cover, title, stars, the
 * opinion (already cut to 150 characters) or the no-opinion text. Fixed colours, not theme tokens,
 * so the image looks the same whichever theme the sharer uses. Rounded corners leave the PNG's
 * corners transparent.
 */
export const ReviewCard = forwardRef<
  HTMLDivElement,
  {
    title: string;
    cover: string | null;
    rating: number;
    opinion: string;
    ratingLabel: string;
    brand: string;
    coverAlt: string;
  }
>(function ReviewCard({ title, cover, rating, opinion, ratingLabel, brand, coverAlt }, ref) {
  return (
    <div
      ref={ref}
      data-testid="review-card"
      style={{ width: REVIEW_CARD_WIDTH, fontFamily: 'var(--font-inter), ui-sans-serif, system-ui, sans-serif' }}
      className="overflow-hidden rounded-[20px] bg-[#15151f] p-5 text-[#f2f2f7]"
    >
      <div className="flex gap-4">
        {cover ? (
          // A plain <img>: html2canvas must see the real element, and the source is same-origin.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={cover} alt={coverAlt} width={120} height={180} className="h-[180px] w-[120px] shrink-0 rounded-[12px] object-cover" />
        ) : (
          <div className="h-[180px] w-[120px] shrink-0 rounded-[12px] bg-[#272736]" />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-[20px] leading-tight font-bold break-words">{title}</p>
          <div className="flex items-center gap-1" aria-label={ratingLabel}>
            {[1, 2, 3, 4, 5].map((star) => (
              <svg key={star} width="22" height="22" viewBox="0 0 24 24" aria-hidden>
                <path d={STAR_PATH} fill={star <= rating ? '#fbbf24' : '#3f3f55'} />
              </svg>
            ))}
            <span className="ml-1 text-[15px] font-semibold text-[#fbbf24]">{rating}/5</span>
          </div>
        </div>
      </div>
      <p className="mt-4 text-[15px] leading-relaxed break-words whitespace-pre-line text-[#d4d4de]">{opinion}</p>
      <p className="mt-4 text-right text-[13px] font-semibold text-[#c4b5fd]">{brand}</p>
    </div>
  );
});
