import { ListPage, listPageMetadata } from '@/components/lists/list-page';

export function generateMetadata() {
  return listPageMetadata('PLAN_TO_WATCH');
}

export default function Page() {
  return <ListPage type="PLAN_TO_WATCH" />;
}
