import { DetailNotFound } from '@/components/detail/detail-not-found';
export { detailNotFoundMetadata as generateMetadata } from '@/components/detail/detail-not-found-metadata';

export default function AnimeNotFound() {
  return <DetailNotFound />;
}
