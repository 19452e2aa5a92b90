import { DetailNotFound } from '@/components/detail/detail-not-found';

export default function AnimeNotFound() {
  return <DetailNotFound />;
}
