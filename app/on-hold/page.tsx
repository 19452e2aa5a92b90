import { ListPage, listPageMetadata } from '@/components/lists/list-page';

export function generateMetadata() {
  return listPageMetadata('ON_HOLD');
}

export default function Page() {
  return <ListPage type="ON_HOLD" />;
}
