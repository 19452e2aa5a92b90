import { HomeCarousels } from '@/components/carousel/home-carousels';
import { Features, Hero, LandingSections } from '@/components/home/landing';

export default function HomePage() {
  return (
    <>
      <Hero />
      <HomeCarousels />
      <Features />
      <LandingSections />
    </>
  );
}
