import { DetailNotFound } from '@/components/detail/detail-not-found';

/** A review link with a broken score, or for an anime that does not exist: 404, said plainly. */
export default function ReviewNotFound() {
  return <DetailNotFound review />;
}
