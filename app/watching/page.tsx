import { ListPage, listPageMetadata } from '@/components/lists/list-page';

export function generateMetadata() {
  return listPageMetadata('WATCHING');
}

export default function Page() {
  return <ListPage type="WATCHING" />;
}
