import { Features, Hero, LandingSections } from '@/components/home/landing';

export default function HomePage() {
  return (
    <>
      <Hero />
      <Features />
      <LandingSections />
    </>
  );
}
