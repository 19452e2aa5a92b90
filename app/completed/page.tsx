import { ListPage, listPageMetadata } from '@/components/lists/list-page';

export function generateMetadata() {
  return listPageMetadata('COMPLETED');
}

export default function Page() {
  return <ListPage type="COMPLETED" />;
}
