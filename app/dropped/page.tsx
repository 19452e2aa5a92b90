import { ListPage, listPageMetadata } from '@/components/lists/list-page';

export function generateMetadata() {
  return listPageMetadata('DROPPED');
}

export default function Page() {
  return <ListPage type="DROPPED" />;
}
